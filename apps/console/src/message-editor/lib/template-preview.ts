import {
  compileTemplate,
  hasTemplateSyntax,
  renderTemplate,
  templateScope,
  type TemplateDevice,
} from '@beacon/shared';

const ANY_VARIABLE = { has: () => true } as unknown as ReadonlySet<string>;

/**
 * A text of the compose form as the preview shows it (issue 33 §4): its templates rendered with a device's values or,
 * without one, with none (each shows its `default`, or nothing). A template that does not pass the rule is shown as
 * typed (its field says why).
 */
export function previewText(source: string, values: TemplateDevice | undefined, link = false): string {
  if (!hasTemplateSyntax(source)) return source;
  const compiled = compileTemplate(source, ANY_VARIABLE, { link });
  if ('problem' in compiled) return source;
  try {
    return renderTemplate(compiled.template, templateScope(values ?? { device: {} }));
  } catch {
    return source;
  }
}
