// The inline markdown of a grader's message (`code`, **strong**, *emphasis*) as DOM nodes.
// Built with text nodes only, never innerHTML: a message quotes the learner's own numbers and errors.

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*/g;

export function inlineMarkdown(text) {
  const nodes = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) nodes.push(document.createTextNode(text.slice(at, match.index)));
    const [tag, content] = match[1] !== undefined ? ["code", match[1]] : match[2] !== undefined ? ["strong", match[2]] : ["em", match[3]];
    const element = document.createElement(tag);
    element.textContent = content;
    nodes.push(element);
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}
