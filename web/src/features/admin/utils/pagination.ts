// The admin tables' page buttons (spec 02 section 9): a window of 4 page numbers around the
// current page, with the first and last page always reachable and ellipses for the gaps.
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export const WINDOW = 4;

export function pageItems(current: number, total: number, window = WINDOW): PageItem[] {
  const last = Math.max(1, total);
  const page = Math.min(Math.max(1, current), last);
  if (last <= window + 2) return Array.from({ length: last }, (_, i) => i + 1);
  // The window starts one before the current page, kept inside 2..last-1 where possible.
  let start = Math.max(2, page - 1);
  let end = start + window - 1;
  if (end > last - 1) {
    end = last - 1;
    start = Math.max(2, end - window + 1);
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < last - 1) items.push('ellipsis-end');
  items.push(last);
  return items;
}
