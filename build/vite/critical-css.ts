/**
 * The rules of a stylesheet that a page can use: those whose selectors name only classes and
 * attributes its HTML carries. The first paint inlines them (build/vite/first-paint.ts), so the prerendered
 * page is drawn with no stylesheet of the route's to wait for.
 */
import postcss, { type AtRule, type Container, type Root, type Rule } from 'postcss';

/** Every class name that appears in a `class` attribute of `html`. */
export function classesOf(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.split(/\s+/)) if (name) names.add(name);
  }
  return names;
}

// Inside these a class is one option, or a condition that holds without it, never a requirement.
const OPTIONAL = /:(?:not|where|is|has)\((?:[^()]|\([^()]*\))*\)/g;
const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;
// `[name]`, `[name=value]`, `[name="value"]` (other operators are read as a mere presence).
const ATTRIBUTE = /\[([\w-]+)(?:(\W?=)\s*["']?([^"'\]]*)["']?)?\]/g;

/** What a document holds: its class names, and its text for its attributes. */
interface Document {
  classes: Set<string>;
  html: string;
}

/** Whether the selector can match in `document`, whose markup no script changes. */
function selectorUsable(selector: string, { classes, html }: Document): boolean {
  const required = selector.replace(OPTIONAL, '');
  const attributes = [...required.matchAll(ATTRIBUTE)].every(([, name, operator, value]) =>
    operator === '=' ? html.includes(`${name}="${value}"`) : html.includes(` ${name}`),
  );
  return attributes && [...required.matchAll(CLASS)].every(([, name]) => classes.has(name!));
}

function prune(container: Container, document: Document): void {
  container.each((node) => {
    if (node.type === 'rule') {
      const rule = node as Rule;
      const kept = rule.selectors.filter((selector) => selectorUsable(selector, document));
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    } else if (node.type === 'atrule') {
      const atRule = node as AtRule;
      // @font-face, @keyframes and the like declare, they select nothing.
      if (!['media', 'supports', 'layer', 'container'].includes(atRule.name) || !atRule.nodes) return;
      prune(atRule, document);
      if (atRule.nodes.length === 0) atRule.remove();
    }
  });
}

const VAR_USE = /var\(\s*(--[\w-]+)/g;

/**
 * Leaves out the custom properties nothing reads: Mantine's variables declare every colour and
 * size of every component, and the page reads a few. Repeated, as a variable read only by one
 * left out is unread in turn.
 */
function pruneVariables(root: Root, html: string): void {
  for (;;) {
    const read = new Set([...html.matchAll(VAR_USE)].map(([, name]) => name));
    root.walkDecls((decl) => {
      for (const [, name] of decl.value.matchAll(VAR_USE)) read.add(name);
    });
    let removed = false;
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return;
      decl.remove();
      removed = true;
    });
    if (!removed) return;
  }
}

/** Drops rules and at-rules left with nothing in them. */
function dropEmpty(container: Container): void {
  container.each((node) => {
    if ((node.type === 'rule' || node.type === 'atrule') && node.nodes) {
      dropEmpty(node);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/**
 * `css` with what the document `html` cannot use left out: rules, custom properties and comments.
 * `html` is the whole document, its root element's attributes included.
 */
export function criticalCss(css: string, html: string): string {
  const root = postcss.parse(css);
  prune(root, { classes: classesOf(html), html });
  pruneVariables(root, html);
  root.walkComments((comment) => {
    comment.remove();
  });
  dropEmpty(root);
  return root.toString();
}
