// Its own module: the form-errors module is on the first pages (/login), this is not.
/** `{'option_groups.0.name': e}` as react-hook-form keeps errors: `{option_groups: [{name: e}]}`. */
export function nestFieldErrors(flat: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  // Deeper paths first, so a list's own message lands on the list built for its rows.
  const entries = Object.entries(flat).sort(
    ([a], [b]) => b.split('.').length - a.split('.').length,
  );
  for (const [path, error] of entries) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    // A message on a whole list (an empty options list) sits at its `root`, as the field arrays read it.
    const last = keys.at(-1)!;
    if (node[last] && typeof node[last] === 'object')
      (node[last] as Record<string, unknown>).root = error;
    else node[last] = error;
  }
  return root;
}
