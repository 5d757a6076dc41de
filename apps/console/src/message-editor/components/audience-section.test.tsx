import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { TargetingType } from '@beacon/shared';
import { i18n, setLanguage } from '../../i18n';
import { renderAt } from '../../test-utils';
import { AudienceSection, type EstimateState } from './audience-section';
import type { FieldRule } from './use-field-rule';

const rule: FieldRule = () => ({});

function Section({ estimate, pushCount }: { estimate: EstimateState; pushCount?: number }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ targetingType: TargetingType.EVERYONE, pushCount }}>
      <AudienceSection
        appId={1}
        rule={rule}
        projectLevel={200}
        estimate={estimate}
        onCountTouched={() => undefined}
        dictionaries={undefined}
      />
    </Form>
  );
}

const READY: EstimateState = { value: 20_000, loading: false, failed: false, idle: false };
/** Spaces as written (fr groups with U+202F, puts U+00A0 before %) read as plain spaces. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');
const estimateText = () => plain(document.querySelector('.ant-statistic-content')?.textContent);
const hintText = () => plain(document.querySelector('.ant-form-item-extra')?.textContent);

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

describe('the audience estimate in the reader’s language', () => {
  it('groups the estimate and the push count hint the English way in English', async () => {
    renderAt('/', <Section estimate={READY} pushCount={5000} />);
    await screen.findByText('Estimated audience');
    expect(estimateText()).toBe('20,000');
    expect(hintText()).toBe('At most the estimated audience (20,000).');
    expect(screen.getByText('25%')).toBeTruthy();
  });

  it('groups them the French way in French, and writes the share with French spacing', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    renderAt('/', <Section estimate={{ ...READY, approximate: true }} pushCount={5000} />);
    await screen.findByText('Audience estimée');
    // antd's Statistic grouped with its English comma ("20,000") and the hint had none ("(20000)")
    expect(estimateText()).toBe('≈20 000');
    expect(hintText()).toBe('Au plus l’audience estimée (20 000).');
    expect(plain(screen.getByText(/^25/).textContent)).toBe('25 %');
  });

  it('keeps the dash while nothing is estimated', () => {
    renderAt('/', <Section estimate={{ value: undefined, loading: false, failed: false, idle: true }} />);
    expect(estimateText()).toBe('—');
  });
});
