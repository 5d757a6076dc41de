import { compileTemplate, renderTemplate, templateScope, type TemplateDevice } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerSdkDevice, sdkDevice } from '../../test/devices';
import { seedTeamClients, type TeamFixture } from '../../test/fixtures/team';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * The compose preview's values (issue 33 §4): the variables the app's templates may name, and a device's values by
 * GAID, read with the engine's own SQL; a GAID the app does not know is a 400 naming instanceId; every project member
 * may ask, nobody else.
 */
describe.each(backends())('msg/template/values [$name]', (backend) => {
  let t: TestApp;
  let team: TeamFixture;
  const url = () => `/tcm/v1/app/${team.appId}/msg/template/values`;

  beforeAll(async () => {
    t = await startTestApp(backend);
    team = await seedTeamClients(t, 'com.example.templates');
    await registerSdkDevice(
      t,
      team.sdkAuth,
      sdkDevice(1, { country: 'FR', language: 'fr', brand: 'Google', model: 'Pixel 8', operator: 'Orange' }),
    );
  });
  afterAll(async () => t.close());

  it('lists the variables, and a device’s values that render the preview', async () => {
    const none = (await team.clients.tester.post(url(), {})).json();
    expect(none).toMatchObject({ status: 200, data: { values: null } });
    expect(none.data.variables).toEqual(
      expect.arrayContaining(['device.country', 'device.model', 'user.id']),
    );
    const res = (await team.clients.operator.post(url(), { instanceId: gaid(1).toUpperCase() })).json();
    expect(res).toMatchObject({
      status: 200,
      data: {
        values: {
          device: { country: 'FR', language: 'fr', brand: 'GOOGLE', operator: 'Orange', os_version: 33 },
          userId: null,
          attributes: {},
        },
      },
    });
    const template = compileTemplate(
      'Bonjour {{ user.id | default: "toi" }} ({{ device.country }})',
      new Set(res.data.variables as string[]),
    );
    if ('problem' in template) throw new Error(template.problem.message);
    expect(renderTemplate(template.template, templateScope(res.data.values as TemplateDevice))).toBe(
      'Bonjour toi (FR)',
    );
  });

  it('refuses a GAID the app does not know, naming instanceId, and a caller outside the app', async () => {
    expect((await team.clients.owner.post(url(), { instanceId: gaid(77) })).json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'instanceId' }] },
    });
    expect((await team.clients.owner.post(url(), { instanceId: 'nope' })).json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'instanceId' }] },
    });
    expect((await team.clients.stranger.post(url(), {})).json().status).not.toBe(200);
  });
});
