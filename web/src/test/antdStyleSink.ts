/**
 * Keeps antd's CSS-in-JS out of the test document, all but the rules that hide an element.
 *
 * antd writes thousands of style rules into `document.head` as components first render. jsdom lays nothing out, so
 * of all those rules only the ones that hide an element (`display: none`, `visibility: hidden`) change what a test
 * can see; yet jsdom matches every rule against an element whenever its computed style is asked for, and Testing
 * Library asks for the computed style of an element and each of its ancestors on every role query (is it
 * accessible?). With every rule in, the component tests ran three and a half times as long (docs/testing.md).
 *
 * So antd's style elements are kept out of the document, and the head holds only their hiding rules outside
 * `@media` blocks (jsdom has no viewport to match those against). A test still cannot see or reach what antd's
 * styles hide.
 */

/** The rules of `css` that hide what they match, at its top level (not inside an at-rule's block). */
export function hidingRules(css: string): string {
  const rules: string[] = [];
  let depth = 0;
  let atRuleDepth: number | null = null;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '{') {
      if (atRuleDepth === null && css.slice(start, i).trim().startsWith('@')) atRuleDepth = depth;
      depth++;
      if (atRuleDepth === null) {
        const end = css.indexOf('}', i);
        if (end < 0) break;
        const selector = css.slice(start, i).trim();
        const declarations = css.slice(i + 1, end);
        if (/(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(!important\s*)?(;|$)/.test(declarations)) {
          rules.push(`${selector}{${declarations}}`);
        }
        i = end;
        depth--;
        start = end + 1;
        continue;
      }
      start = i + 1;
    } else if (char === '}') {
      depth--;
      if (atRuleDepth !== null && depth === atRuleDepth) atRuleDepth = null;
      start = i + 1;
    } else if (char === ';' && depth === 0) {
      // A statement at-rule (`@import …;`, `@layer a, b;`) ends here.
      start = i + 1;
    }
  }
  return rules.join('\n');
}

/**
 * Sends every `<style>` element inserted into `document.head` to a detached container, where antd's bookkeeping
 * (insert, remove) works on it as on the head's, and puts its hiding rules, if it has any, in a twin in the head.
 * (Keeping antd's elements in the head but inert measured slower: antd looks through the head's children on every
 * style it registers, and jsdom's child lists are slow to walk.)
 */
export function installAntdStyleSink(): void {
  const head = document.head;
  const sink = document.createElement('div');
  const twins = new WeakMap<Node, HTMLStyleElement>();
  const append = head.appendChild.bind(head);
  const insertBefore = head.insertBefore.bind(head);
  const removeChild = head.removeChild.bind(head);
  const prepend = head.prepend.bind(head);
  const seen = new WeakSet<Node>();
  const sunk = (node: Node): boolean => {
    if (!(node instanceof HTMLStyleElement)) return false;
    sink.appendChild(node);
    if (!seen.has(node)) {
      seen.add(node);
      const rules = hidingRules(node.textContent ?? '');
      if (rules !== '') {
        const twin = document.createElement('style');
        twin.textContent = rules;
        twins.set(node, twin);
        append(twin);
      }
    }
    return true;
  };
  head.appendChild = <T extends Node>(node: T): T => (sunk(node) ? node : append(node));
  head.insertBefore = <T extends Node>(node: T, child: Node | null): T => (sunk(node) ? node : insertBefore(node, child));
  head.prepend = (...nodes: (Node | string)[]): void => {
    for (const node of nodes) if (typeof node === 'string' || !sunk(node)) prepend(node);
  };
  head.removeChild = <T extends Node>(node: T): T => {
    if (node.parentNode !== sink) return removeChild(node);
    twins.get(node)?.remove();
    twins.delete(node);
    seen.delete(node);
    return sink.removeChild(node);
  };
}
