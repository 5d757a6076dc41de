import { describe, expect, it } from 'vitest';
import { dashboardActTarget } from './apps-dashboard';

const target = (query: string) => dashboardActTarget(new URLSearchParams(query));

describe('dashboardActTarget', () => {
  it('leads material-audit and canvas-confirm links into the app', () => {
    expect(target('appId=7&act=material-audit&materialId=42')).toBe('/app/7/material/audit?materialId=42');
    expect(target('appId=7&act=material-audit')).toBe('/app/7/material/audit');
    expect(target('appId=7&act=canvas-confirm&id=9')).toBe('/app/7/data/canvas?id=9&act=confirm');
  });
  it('ignores other acts and malformed app ids', () => {
    expect(target('act=new')).toBeUndefined();
    expect(target('appId=7&act=other')).toBeUndefined();
    expect(target('appId=x&act=material-audit')).toBeUndefined();
  });
});
