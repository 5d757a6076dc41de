import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../i18n';
import { ok, restoreAfterEach, slow, stubApi } from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { TagForm } from './tag-form';

restoreAfterEach();
afterEach(async () => {
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

/** The server's check: its reasons are English whatever the reader's language (tags.service.ts). */
let verified: string[] = [];
beforeEach(() => {
  verified = [];
  stubApi((url, init) => {
    if (!url.endsWith('/tag/verify')) return undefined;
    const { code } = JSON.parse(init?.body as string) as { code: string };
    verified.push(code);
    return ok(
      code === 'vip'
        ? { validity: 2, reason: 'is used by another tag of this app' }
        : /^[A-Za-z]\w*$/.test(code)
          ? { validity: 1, reason: '' }
          : {
              validity: 2,
              reason: 'must start with a letter and hold only letters, digits and _ (60 at most)',
            },
    );
  });
});

const check = async (code: string) => {
  // the code's input sits in a compact group with the button: its label names the group, not the input
  fireEvent.change(document.getElementById('code')!, { target: { value: code } });
  const button = screen.getByRole('button', { name: /^(check|vérifier|校 验|校验)$/i });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), slow);
  fireEvent.click(button);
  await waitFor(() => expect(verified).toContain(code), slow);
};

describe('a tag code refused by the check', () => {
  it('says a taken code is taken in the reader’s language, not in the server’s English', async () => {
    await act(async () => setLanguage('fr'));
    renderAt('/', <TagForm appId={1} onDone={() => undefined} />);
    await screen.findByText('Unique dans cette app', undefined, slow);
    await check('vip');
    const line = screen.getByTestId('tag-validity');
    await waitFor(
      () => expect(line.textContent).toBe(' Une autre étiquette de cette app utilise ce code'),
      slow,
    );
    expect(document.body.textContent).not.toContain('is used by another tag');
  });

  it('names a malformed code once, by the field’s own rule', async () => {
    await act(async () => setLanguage('zh'));
    renderAt('/', <TagForm appId={1} onDone={() => undefined} />);
    // the feature's Chinese strings are in before the code is typed (its rule's message is taken when it fails)
    await screen.findByText('在本应用内唯一', undefined, slow);
    await check('bad code!!');
    await screen.findByText('以字母开头，仅可使用字母、数字和 _', undefined, slow);
    expect(screen.getByTestId('tag-validity').textContent).toBe('');
    expect(document.body.textContent).not.toContain('must start with a letter');
  });
});
