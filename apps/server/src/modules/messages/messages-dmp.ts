import {
  ErrorCodes,
  errorWithDetail,
  isDmpTargetClosed,
  localizeIssueMessage,
  targetsAudiencePackage,
  type Condition,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';

const DMP_CLOSED = 'names an audience package while the app’s DMP switch is off';

/**
 * The closed data-platform target (dmp-target.ts) on the server: while the app's DMP switch is off, a targeting
 * naming an audience package (its own conditions or its user group's) is refused with 130000 (DMP tag invalid),
 * `data: {label, closed: true, fields: [{field: 'conditions'}]}`. The console withholds edit and copy of such a
 * message; this refuses the save (new, edit or copy alike: a copy is a new save), its check and its estimate.
 */
export async function checkDmpTarget(
  repo: { dmpEnabled(appId: number): Promise<boolean> },
  appId: number,
  conditions: readonly Condition[] | undefined,
): Promise<void> {
  if (!targetsAudiencePackage(conditions)) return;
  if (!isDmpTargetClosed({ conditions }, await repo.dmpEnabled(appId))) return;
  const label = (conditions ?? []).find((c) => targetsAudiencePackage([c]))?.label ?? 'dmpCustomize';
  const code = ErrorCodes.DMP_TAG_INVALID;
  throw new ApiError(
    code,
    (lang) => errorWithDetail(code, lang, `${label} ${localizeIssueMessage(DMP_CLOSED, undefined, lang)}`),
    { label, closed: true, fields: [{ field: 'conditions', message: DMP_CLOSED }] },
  );
}
