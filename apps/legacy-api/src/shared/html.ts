import sanitizeHtml from 'sanitize-html';

/**
 * Remarks are stored as HTML from a rich-text editor. Only plain formatting survives: no script,
 * no style, no event handlers, links only to web or mail addresses. Applied when storing and
 * again when sending, so rows written by other tools are safe too.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h3',
    'h4',
    'blockquote',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeRemarks(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
