import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../i18n';
import '../test-utils';
import { Form, showFieldErrors } from './form';

afterEach(async () => {
  if (i18n.language !== 'en') await act(async () => setLanguage('en'));
  await waitFor(() => expect(i18n.language).toBe('en'));
});

let instance: FormInstance | undefined;

/** A form with a required password (its message through t) and a hand-set error on the e-mail. */
function Sample() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; password: string }>();
  instance = form;
  return (
    <Form form={form}>
      <Form.Item
        name="email"
        label={t('form.email')}
        rules={[{ required: true, message: t('form.emailRequired') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('form.password')}
        rules={[{ required: true, message: t('form.passwordRequired') }]}
      >
        <Input />
      </Form.Item>
      <Button htmlType="submit">{t('common.save')}</Button>
    </Form>
  );
}

const errorAt = (id: string) =>
  document.getElementById(id)?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')
    ?.textContent ?? '';

async function inFrench() {
  await act(async () => setLanguage('fr'));
  await waitFor(() => expect(i18n.language).toBe('fr'));
  render(<Sample />);
  await screen.findByText('Mot de passe');
}

async function toEnglish() {
  await act(async () => setLanguage('en'));
  await screen.findByText('Password');
}

describe('a form’s errors after a language switch', () => {
  it('checks the fields that show an error again, with their rules in the new language', async () => {
    await inFrench();
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(errorAt('password')).toBe('Veuillez saisir un mot de passe'));
    expect(errorAt('email')).toBe('Veuillez saisir votre adresse e-mail');
    await toEnglish();
    await waitFor(() => expect(errorAt('password')).toBe('Please enter a password'));
    expect(errorAt('email')).toBe('Please enter your e-mail address');
  });

  it('words a hand-set error again rather than put the field’s rule in its place', async () => {
    await inFrench();
    act(() => showFieldErrors(instance!, [{ name: 'email', word: (t) => t('form.emailInvalid') }]));
    await waitFor(() => expect(errorAt('email')).toBe('Veuillez saisir une adresse e-mail valide'));
    await toEnglish();
    await waitFor(() => expect(errorAt('email')).toBe('Please enter a valid e-mail address'));
    // once a rule runs at the field again, the hand-set words are gone: the next switch checks the rule
    fireEvent.change(document.getElementById('email')!, { target: { value: 'x' } });
    fireEvent.change(document.getElementById('email')!, { target: { value: '' } });
    // (read from the form: jsdom never ends the motion of the message leaving, which stays beside the new one)
    await waitFor(() =>
      expect(instance!.getFieldError('email')).toEqual(['Please enter your e-mail address']),
    );
    await act(async () => setLanguage('fr'));
    await waitFor(() =>
      expect(instance!.getFieldError('email')).toEqual(['Veuillez saisir votre adresse e-mail']),
    );
  });

  it('keeps an error no rule gives again (a server’s words) rather than drop it', async () => {
    await inFrench();
    // a submitted password the server refused (showFormError puts its words at the field)
    act(() =>
      instance!.setFields([{ name: 'password', value: 'secret', errors: ['refusé par le serveur'] }]),
    );
    await waitFor(() => expect(errorAt('password')).toBe('refusé par le serveur'));
    const validated = vi.spyOn(instance!, 'validateFields');
    await toEnglish();
    // the switch has checked the field (its rule passes) and kept the server's words
    await waitFor(() => expect(validated).toHaveBeenCalledWith([['password']], { validateOnly: true }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(instance!.getFieldError('password')).toEqual(['refusé par le serveur']);
  });
});
