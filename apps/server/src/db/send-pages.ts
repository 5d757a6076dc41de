/**
 * The event pages of dispatched sends (migration 0060): a send's place `ev` in its message's pages is page `ev >> SHIFT`,
 * slot `ev & (SLOTS − 1)`; a page's bits hold each slot's event mask in 8 bits (slot s at bits s·8 … s·8+7). The
 * migration's view send_record_events spells the same numbers out.
 */
export const PAGE_SHIFT = 6;
export const PAGE_SLOTS = 1 << PAGE_SHIFT;
/** The bit string type of a page's bits. */
export const PAGE_BITS = `bit(${PAGE_SLOTS * 8})`;

/** SQL: the page of place `ev`. */
export const pageOf = (ev: string): string => `(${ev} >> ${PAGE_SHIFT})`;
/** SQL: the slot (0-based) of place `ev`. */
export const slotOf = (ev: string): string => `(${ev} & ${PAGE_SLOTS - 1})`;
/** SQL: a mask (8 bits) placed at the slot of `ev` in a page's bits. */
export const maskAtSlot = (mask: string, ev: string): string =>
  `((${mask})::bit(8))::${PAGE_BITS} >> (${slotOf(ev)} * 8)`;
/** SQL: the mask (int) of the slot of `ev` in bits `bits`. */
export const maskOfSlot = (bits: string, ev: string): string =>
  `substring(${bits} FROM ${slotOf(ev)} * 8 + 1 FOR 8)::bit(8)::int`;
/** SQL: every slot of a page (0-based), for merging a whole page's times into another's. */
export const ALL_SLOTS = `ARRAY(SELECT generate_series(0, ${PAGE_SLOTS - 1}))`;
/** SQL: the conflicting new page row's slot times of `column` as times (they are seconds from its own base). */
export const newTimes = (column: string): string =>
  `ARRAY(SELECT EXCLUDED.base_at + make_interval(secs => x) FROM unnest(EXCLUDED.${column}) AS x)`;
