import dayjs from 'dayjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language';

// One i18n instance for the whole file, new to it (the test files of a worker share their modules, and others have
// loaded strings): the steps run in order, as a visit would.
vi.resetModules();
const { antdLocale, currentLanguage, i18n, loadFeatureStrings, setLanguage, startLanguage } =
  await import('../i18n');
beforeAll(async () => {
  await import('./feature-translations');
});

describe('language loading', () => {
  it('starts in en with the core strings only; the features’ strings come when a screen asks', async () => {
    await startLanguage();
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('auth.login.submit')).not.toBe('auth.login.submit');
    expect(i18n.exists('apps.grid.heading')).toBe(false);

    await loadFeatureStrings();
    expect(i18n.t('apps.grid.heading')).not.toBe('apps.grid.heading');
  });

  it('loads fr with its features’ strings, dayjs and antd locales before showing it, and stores the choice', async () => {
    const english = { core: i18n.t('auth.login.submit'), feature: i18n.t('apps.grid.heading') };
    setLanguage('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    await vi.waitFor(() => expect(currentLanguage()).toBe('fr'));
    expect(i18n.t('auth.login.submit')).not.toBe(english.core);
    expect(i18n.t('apps.grid.heading')).not.toBe(english.feature);
    expect(i18n.t('apps.grid.heading')).not.toBe('apps.grid.heading');
    expect(antdLocale('fr').locale).toBe('fr');
    expect(dayjs.locale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('falls back to en for a key fr lacks', () => {
    i18n.addResource('en', 'translation', 'test.onlyEnglish', 'Only in English');
    expect(i18n.t('test.onlyEnglish')).toBe('Only in English');
  });

  it('shows the last of several quick choices', async () => {
    setLanguage('zh');
    setLanguage('en');
    setLanguage('zh');
    setLanguage('fr');
    await vi.waitFor(() => expect(i18n.hasResourceBundle('zh', 'translation')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentLanguage()).toBe('fr');

    setLanguage('zh');
    await vi.waitFor(() => expect(currentLanguage()).toBe('zh'));
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(antdLocale('zh').locale).toBe('zh-cn');
    expect(i18n.t('apps.grid.heading')).not.toBe('apps.grid.heading');

    setLanguage('en');
    await vi.waitFor(() => expect(currentLanguage()).toBe('en'));
    expect(dayjs.locale()).toBe('en');
  });
});
