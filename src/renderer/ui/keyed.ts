/**
 * React keys for a list whose items carry no id (log lines, doctor errors, problem strings): an item's
 * own identity, and for a repeat of the same identity, which repeat it is. Unlike a position, such a
 * key stays with its item when lines before it are added or dropped, so React reuses the right element.
 */
export function keyed<T>(items: readonly T[], identity: (item: T) => string): Array<{ key: string; item: T }> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const id = identity(item);
    const repeat = seen.get(id) ?? 0;
    seen.set(id, repeat + 1);
    // The count comes first and holds no ':', so two different (repeat, id) pairs never make one key.
    return { key: `${repeat}:${id}`, item };
  });
}
