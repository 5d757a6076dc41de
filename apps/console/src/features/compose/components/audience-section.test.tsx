import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../../i18n';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

const APP_INFO = {
  appId: 1,
  title: 'Acme Shop',
  pkg: 'com.acme.shop',
  logo: '',
  ownerEmail: 'o@example.com',
  projectLevel: 200,
  reviewEnable: false,
  materialReviewEnable: false,
  advanceTarget: false,
  multiLangEnable: false,
  localTimeEnable: true,
  displayPriorityEnable: false,
  linksEnable: true,
  limitEnable: false,
  limitCount: 0,
  uploadFileLimit: 2,
  destroy: 0,
  serverUTC: '+0000',
  hasServiceAccount: true,
  commercialEnable: false,
};
const DICTS = {
  countries: [],
  languages: [],
  subLanguages: [],
  androidVersions: [],
  utcOffsets: ['+0000'],
  dailyMessageKinds: [],
  statisticsModes: [],
  brands: [],
  operators: [],
  appVersions: [],
  interestTags: [],
  audiencePackages: [],
  advancedTargeting: false,
};
const ORIGIN = '5b1f2f5e-8c1a-4e7e-9d55-0d0c8f3e2a11';
const LINK_ORIGIN = '6c2f3f6e-9d2b-4f8f-8e66-1e1d9f4f3b22';
const LIST = {
  origin: ORIGIN,
  name: 'buyers.txt',
  link: '',
  source: 6,
  count: 120,
  duplicates: 3,
  size: 4500,
};

let level = 200;
let estimates: Array<Record<string, unknown>> = [];
let uploads: string[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { status: 200, msg: 'success', data });

beforeEach(() => {
  level = 200;
  estimates = [];
  uploads = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/app/1/info')) return ok({ ...APP_INFO, projectLevel: level });
      if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '#1A73E8' });
      if (url.includes('/dict/1/all')) return ok(DICTS);
      if (url.endsWith('/msg/target/max')) {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        estimates.push(body);
        return ok({ newCount: body.targetingType === 6 ? 97 : body.targetingType === 7 ? 41 : 1234 });
      }
      if (url.endsWith('/app/1/upload')) {
        const file = (init?.body as FormData).get('file') as File;
        uploads.push(file.name);
        if (file.name === 'bad.txt') {
          return json(200, {
            status: 40000,
            msg: 'GAID format is wrong: file #2, #7',
            data: {
              fields: [{ field: 'file', message: 'has 2 invalid line(s)' }],
              reason: 'invalid_lines',
              invalidCount: 2,
              validCount: 5,
              invalidLines: [
                { line: 2, reason: 'format', text: 'hello' },
                { line: 7, reason: 'zero', text: '00000000-0000-0000-0000-000000000000' },
              ],
            },
          });
        }
        return ok(LIST);
      }
      if (url.endsWith('/app/1/upload/link')) {
        const { link } = JSON.parse(init?.body as string) as { link: string };
        if (link.includes('10.0.0.1'))
          return json(400, {
            status: 400,
            msg: 'Parameter illegal: link points to a non-public address',
            data: {
              fields: [{ field: 'link', message: 'points to a non-public address' }],
              reason: 'private',
            },
          });
        return ok({
          origin: LINK_ORIGIN,
          name: 'gaid.txt',
          link,
          source: 7,
          count: 44,
          duplicates: 0,
          size: 1500,
        });
      }
      return json(404, { status: 404, msg: 'not found' });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  if (i18n.language !== 'en') await act(async () => setLanguage('en'));
  await waitFor(() => expect(i18n.language).toBe('en'));
});

/** antd animates field messages in and out: slow on a busy machine. */
const SLOW = { timeout: 15_000 };
const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(name) });
const explainOf = (el: HTMLElement) =>
  el.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
const dropFile = (name: string, text: string) => {
  const input = document.querySelector('#fileList input[type=file]');
  fireEvent.change(input as HTMLInputElement, {
    target: { files: [new File([text], name, { type: 'text/plain' })] },
  });
};

describe('AudienceSection file targeting', () => {
  it('uploads a .txt, shows its count and estimates the listed devices; refused lines are listed at the field', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', undefined, SLOW);
    fireEvent.click(radio('Uploaded file of device IDs'));
    await screen.findByText(/Drop a \.txt file here/, undefined, SLOW);
    expect(screen.getByText(/up to 2 MB/)).toBeTruthy();

    dropFile('ids.csv', 'x');
    await waitFor(
      () => expect(explainOf(document.getElementById('fileList')!)).toBe('Only .txt files are accepted'),
      SLOW,
    );
    dropFile('huge.txt', 'x'.repeat(2 * 1024 * 1024 + 1));
    await waitFor(
      () =>
        expect(explainOf(document.getElementById('fileList')!)).toBe('Larger than the upload limit of 2 MB'),
      SLOW,
    );
    expect(uploads).toEqual([]);

    dropFile('bad.txt', 'x');
    const rejected = await screen.findByTestId('rejected-lines', undefined, SLOW);
    expect(within(rejected).getByText('Line 2')).toBeTruthy();
    expect(within(rejected).getByText('hello')).toBeTruthy();
    expect(within(rejected).getByText(/all-zero ID/)).toBeTruthy();
    await waitFor(
      () =>
        expect(explainOf(document.getElementById('fileList')!)).toBe(
          '2 lines are not advertising IDs (5 valid IDs): fix them and try again',
        ),
      SLOW,
    );

    dropFile('buyers.txt', 'x');
    expect((await screen.findByTestId('gaid-list-summary', undefined, SLOW)).textContent).toContain(
      'buyers.txt: 120 device IDs',
    );
    expect(screen.queryByTestId('rejected-lines')).toBeNull();
    expect(screen.getByText('3 repeated lines ignored')).toBeTruthy();
    await waitFor(
      () => expect(estimates.at(-1)).toMatchObject({ targetingType: 6, fileOrigin: ORIGIN }),
      SLOW,
    );
    await waitFor(() => expect(screen.getByText('97')).toBeTruthy(), SLOW);

    // switching type keeps each type's data
    fireEvent.click(radio('Specific devices'));
    const ids = await screen.findByPlaceholderText<HTMLTextAreaElement>(
      '38400000-8cf0-11bd-b23e-10b96e40000d',
      undefined,
      SLOW,
    );
    fireEvent.change(ids, { target: { value: '38400000-8cf0-11bd-b23e-10b96e40000d' } });
    fireEvent.click(radio('Uploaded file of device IDs'));
    expect((await screen.findByTestId('gaid-list-summary', undefined, SLOW)).textContent).toContain(
      'buyers.txt',
    );
    fireEvent.click(radio('Specific devices'));
    expect(
      (
        await screen.findByPlaceholderText<HTMLTextAreaElement>(
          '38400000-8cf0-11bd-b23e-10b96e40000d',
          undefined,
          SLOW,
        )
      ).value,
    ).toBe('38400000-8cf0-11bd-b23e-10b96e40000d');
  }, 60_000);

  it('words a refused file again after a language switch, rather than put the field’s own rule there', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('Nouvelle notification', undefined, SLOW);
    fireEvent.click(radio('Fichier d’ID importé'));
    await screen.findByText(/Déposez un fichier \.txt ici/, undefined, SLOW);
    const shown = () => explainOf(document.getElementById('fileList')!).replace(/\s/g, ' ');
    dropFile('bad.txt', 'x');
    await waitFor(
      () =>
        expect(shown()).toBe(
          '2 lignes ne sont pas des identifiants publicitaires (5 identifiants valides) : corrigez-les et réessayez',
        ),
      SLOW,
    );
    await act(async () => setLanguage('en'));
    await screen.findByText(/Drop a \.txt file here/, undefined, SLOW);
    await waitFor(
      () => expect(shown()).toBe('2 lines are not advertising IDs (5 valid IDs): fix them and try again'),
      SLOW,
    );
  }, 60_000);

  it('checks a file link, showing the server refusal at the field, then the count', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', undefined, SLOW);
    fireEvent.click(radio('File link'));
    const input = await screen.findByPlaceholderText<HTMLInputElement>(
      'https://files.example.com/gaid.txt',
      undefined,
      SLOW,
    );
    fireEvent.change(input, { target: { value: 'ftp://nope' } });
    await waitFor(() => expect(explainOf(input)).toBe('Must be an http:// or https:// address'), SLOW);
    fireEvent.change(input, { target: { value: 'http://10.0.0.1/gaid.txt' } });
    await waitFor(() => expect(explainOf(input)).toBe('Check the link to count its devices'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: /Check link/ }));
    await waitFor(
      () =>
        expect(explainOf(input)).toBe(
          'This link points to a private or local network address, which Beacon does not fetch',
        ),
      SLOW,
    );

    fireEvent.change(input, { target: { value: 'https://files.example.com/gaid.txt' } });
    fireEvent.click(screen.getByRole('button', { name: /Check link/ }));
    expect((await screen.findByTestId('gaid-list-summary', undefined, SLOW)).textContent).toContain(
      'gaid.txt: 44 device IDs',
    );
    await waitFor(
      () =>
        expect(estimates.at(-1)).toMatchObject({
          targetingType: 7,
          fileOrigin: LINK_ORIGIN,
          fileLink: 'https://files.example.com/gaid.txt',
        }),
      SLOW,
    );
    await waitFor(() => expect(explainOf(input)).toBe(''), SLOW);
    // editing the link after the check makes it unchecked again
    fireEvent.change(input, { target: { value: 'https://files.example.com/other.txt' } });
    await waitFor(() => expect(screen.queryByTestId('gaid-list-summary')).toBeNull(), SLOW);
  }, 60_000);

  it('checks the conditions once the focus leaves the builder, not while a row is being built', async () => {
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', undefined, SLOW);
    fireEvent.click(radio('Devices matching conditions'));
    const attribute = await screen.findByRole('combobox', { name: 'Condition 1 attribute' }, SLOW);
    fireEvent.mouseDown(attribute);
    fireEvent.change(attribute, { target: { value: 'Country' } });
    const items = await screen.findAllByText(
      'Country',
      { selector: '.ant-select-item-option-content' },
      SLOW,
    );
    await act(async () => fireEvent.click(items[items.length - 1]!));
    // the row has its attribute and no value yet: no error while the user is still on it
    await act(async () => new Promise((r) => setTimeout(r, 300)));
    expect(explainOf(attribute)).toBe('');
    // leaving the builder with the row incomplete says what is missing
    fireEvent.focusOut(attribute, { relatedTarget: null });
    await waitFor(() => expect(explainOf(attribute)).toBe('Add at least one complete condition'), SLOW);
  }, 60_000);

  it('offers testers only device ids, an uploaded file or a file link', async () => {
    level = 500;
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', undefined, SLOW);
    await waitFor(() => expect((radio('Specific devices') as HTMLInputElement).checked).toBe(true), SLOW);
    for (const name of ['Everyone', 'Devices matching conditions', 'A saved user group'])
      expect((radio(name) as HTMLInputElement).disabled, name).toBe(true);
    for (const name of ['Specific devices', 'Uploaded file of device IDs', 'File link'])
      expect((radio(name) as HTMLInputElement).disabled, name).toBe(false);
  }, 60_000);
});
