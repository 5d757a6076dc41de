import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ErrorCodes, errorWithDetail, httpStatusFor } from './error-codes';
import { isFileTargeting, TARGETING_TYPES, TargetingType } from './message-kinds';

describe('ErrorCodes', () => {
  it('names every catalogue entry exactly once', () => {
    const named = Object.values(ErrorCodes).map(String).sort();
    expect(named).toEqual(Object.keys(ERROR_CATALOGUE).sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it('maps the codes that travel with their own HTTP status', () => {
    expect(httpStatusFor(ErrorCodes.PARAMETER_MISSING)).toBe(400);
    expect(httpStatusFor(ErrorCodes.PERMISSION_DENIED)).toBe(403);
    expect(httpStatusFor(ErrorCodes.TOO_MANY_ATTEMPTS)).toBe(429);
    expect(httpStatusFor(ErrorCodes.SERVER_ERROR)).toBe(500);
    expect(httpStatusFor(ErrorCodes.MODIFY_WHILE_SENDING)).toBe(200);
  });
});

describe('errorWithDetail', () => {
  it('puts the detail after the catalogue text as each language punctuates it', () => {
    const code = ErrorCodes.PARAMETER_ILLEGAL;
    expect(errorWithDetail(code, 'en', 'email is required')).toBe('Parameter illegal: email is required');
    expect(errorWithDetail(code, 'fr', 'email est obligatoire')).toBe(
      'Paramètre invalide\u00a0: email est obligatoire',
    );
    expect(errorWithDetail(code, 'zh', 'email 为必填项')).toBe('参数不合法：email 为必填项');
  });
});

describe('targeting types', () => {
  it('file targeting is the uploaded file (6) and the file link (7)', () => {
    expect(TARGETING_TYPES.filter(isFileTargeting)).toEqual([
      TargetingType.FILE_UPLOAD,
      TargetingType.FILE_LINK,
    ]);
    expect([TargetingType.FILE_UPLOAD, TargetingType.FILE_LINK]).toEqual([6, 7]);
  });
});
