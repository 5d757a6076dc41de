/**
 * The closed data-platform target (part 2 §4 row actions and review dialog, §6 materials): an audience package
 * (`dmpCustomize`, `dmpCustomizeGroup`) is the app's DMP plugin at work, and the app's `dmp` switch
 * (changeProjectDMP, `commercialEnable`) turns the plugin off. A message that targets a package while the switch is
 * off cannot be edited or copied: its audience could not be built. The console hides or disables edit and copy by
 * this rule, and the server refuses a targeting naming a package while the switch is off (130000).
 */

import type { ConditionLabel } from './contracts/conditions';

/** The condition labels that name audience packages of the DMP plugin. */
export const AUDIENCE_PACKAGE_LABELS: readonly ConditionLabel[] = ['dmpCustomize', 'dmpCustomizeGroup'];

/** Whether a condition list names an audience package (a user group's conditions count as the message's own). */
export function targetsAudiencePackage(conditions: readonly { label: string }[] | null | undefined): boolean {
  return (conditions ?? []).some((c) => (AUDIENCE_PACKAGE_LABELS as readonly string[]).includes(c.label));
}

/**
 * What the rule reads of a message: its conditions, or, where they are not at hand (list rows), whether they name an
 * audience package (`audiencePackage`, worked out by the server with `targetsAudiencePackage`).
 */
export interface DmpTarget {
  conditions?: readonly { label: string }[] | null | undefined;
  audiencePackage?: boolean | undefined;
}

/**
 * The closed condition: the app's DMP switch is off and the message targets an audience package. True means edit
 * and copy are withheld (and refused by the server); with the switch on, or without a package, it is false.
 */
export function isDmpTargetClosed(target: DmpTarget, dmpEnable: boolean): boolean {
  if (dmpEnable) return false;
  return target.audiencePackage === true || targetsAudiencePackage(target.conditions);
}
