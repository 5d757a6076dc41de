import { type FormInstance } from 'antd';
import { ErrorCodes } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { reportError } from '../../../lib/error-reporter';

/**
 * Shows the server's 400 on the windows form at its field: `countryCode`, `intervalTimeList.N.start|end`, or
 * `intervalTimeList.N` (a repeated window, shown at its start); anything else becomes the error alert.
 */
export function showWindowErrors(form: FormInstance, error: unknown): void {
  if (!isApiError(error) || error.code !== ErrorCodes.PARAMETER_ILLEGAL || error.fields.length === 0) {
    reportError(error);
    return;
  }
  const named: Array<{ name: Array<string | number>; errors: string[] }> = [];
  for (const f of error.fields) {
    const m = /^intervalTimeList\.(\d+)(?:\.(start|end))?$/.exec(f.field);
    if (f.field === 'countryCode') named.push({ name: ['countryCode'], errors: [f.message] });
    else if (m)
      named.push({ name: ['intervalTimeList', Number(m[1]), m[2] ?? 'start'], errors: [f.message] });
  }
  if (named.length > 0) form.setFields(named);
  if (named.length < error.fields.length) reportError(error);
}
