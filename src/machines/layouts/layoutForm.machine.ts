import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { createLayout, type Layout } from '../../services/layouts.service.ts';
import { LAYOUT_NAME_MAX, layoutNameError } from '../../services/schemas/layouts.ts';
import { layoutSize, templateZones, type LayoutPosition, type LayoutTemplate, type ZoneRole } from './layoutTemplates.ts';

export { LAYOUT_NAME_MAX };

export type LayoutFields = {
  name: string;
  screen_position: LayoutPosition;
  template: LayoutTemplate;
  /** The new zones' names in the operator's language, by role (a grid's cells are numbered after theirs). */
  zoneNames: Record<ZoneRole, string>;
};

export function layoutFieldErrors(fields: { name: string }): FieldErrors {
  const name = layoutNameError(fields.name);
  return name ? { name } : {};
}

/** The create body of a new layout: its size by screen position, its zones from the template. */
export function newLayoutBody(fields: LayoutFields) {
  const size = layoutSize(fields.screen_position);
  const zones = templateZones(fields.template, size).map(({ role, index, x, y, width, height }, z) => ({
    name: index === undefined ? fields.zoneNames[role] : `${fields.zoneNames[role]} ${index}`,
    x,
    y,
    width,
    height,
    z,
    content: null,
  }));
  return { name: fields.name.trim(), screen_position: fields.screen_position, ...size, zones };
}

/** A new layout (name, screen position, a template or the empty canvas). */
export const layoutFormMachine = createFormMachine<LayoutFields, Layout>({
  id: 'layoutForm',
  validate: layoutFieldErrors,
  save: ({ fields }) => createLayout(newLayoutBody(fields)),
});
