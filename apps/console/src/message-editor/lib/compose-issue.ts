// A problem at one form field, the shape every compose check returns (validate-compose and the checks it calls).

export type FieldName = Array<string | number>;

/** A problem at one form field: `key` names a `compose.errors.*` string, `params` fill it. */
export interface ComposeIssue {
  name: FieldName;
  key: string;
  params?: Record<string, string | number>;
}
