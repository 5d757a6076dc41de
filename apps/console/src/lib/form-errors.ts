import { type FormInstance } from 'antd';
import { ErrorCodes } from '@beacon/shared';
import { ApiError } from './api-error';
import { reportError } from './error-reporter';

/**
 * Shows a failed form submission: invalid-input answers (status 400) whose `data.fields` name fields of the
 * form appear at those fields; anything else (or fields the form does not have) becomes the error alert.
 */
export function showFormError(form: FormInstance, error: unknown): void {
  if (error instanceof ApiError && error.code === ErrorCodes.PARAMETER_ILLEGAL && error.fields.length > 0) {
    const names = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
    const matched = error.fields.filter((f) => names.has(f.field));
    if (matched.length > 0) {
      form.setFields(matched.map((f) => ({ name: f.field, errors: [f.message] })));
      if (matched.length === error.fields.length) return;
    }
  }
  reportError(error);
}
