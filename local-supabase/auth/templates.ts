/**
 * Auth e-mail templates as GoTrue renders them: Go template syntax, of which
 * the local stack supports the variables GoTrue gives every auth e-mail
 * ({{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }},
 * {{ .Email }}, {{ .RedirectTo }}), HTML-escaped as html/template does. Any
 * other construct ({{ if }}, pipelines, {{ .Data.x }}) is refused when the
 * template is loaded, so the stack never sends something different from what
 * a hosted project would. GoTrue sends HTML only; the plain-text part here is
 * derived from it for the dev inbox.
 */
import { escapeHtml } from '../html-escape.ts'

/** The variables a template may use, as GoTrue names them. */
const VARIABLES = [
  'ConfirmationURL',
  'Token',
  'TokenHash',
  'SiteURL',
  'Email',
  'RedirectTo',
] as const

export type TemplateVariables = Record<(typeof VARIABLES)[number], string>

export type RenderedEmail = { subject: string; html: string; text: string }

export type EmailTemplate = {
  /** Where it came from (a file path, or "built-in …"), for messages. */
  source: string
  render(variables: TemplateVariables): RenderedEmail
}

type Part = string | { variable: keyof TemplateVariables }

function compileParts(text: string, source: string): Part[] {
  const parts: Part[] = []
  let rest = text
  for (;;) {
    const open = rest.indexOf('{{')
    if (open < 0) break
    const close = rest.indexOf('}}', open)
    if (close < 0) throw new Error(`${source}: "{{" without "}}"`)
    parts.push(rest.slice(0, open))
    const action = rest
      .slice(open + 2, close)
      .replace(/^-\s|\s-$/g, '')
      .trim()
    const match = /^\.([A-Za-z]+)$/.exec(action)
    const name = match?.[1] as keyof TemplateVariables | undefined
    if (!name || !VARIABLES.includes(name)) {
      throw new Error(
        `${source}: "{{ ${action} }}" is not supported by the local stack (use ${VARIABLES.map((v) => `{{ .${v} }}`).join(', ')})`,
      )
    }
    parts.push({ variable: name })
    rest = rest.slice(close + 2)
  }
  parts.push(rest)
  return parts
}

function fill(
  parts: Part[],
  variables: TemplateVariables,
  escape: (value: string) => string,
): string {
  return parts
    .map((part) => (typeof part === 'string' ? part : escape(variables[part.variable])))
    .join('')
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  nbsp: ' ',
  '#39': "'",
  '#34': '"',
}

/** A readable plain-text version of an HTML e-mail: links become "label:" and the URL on its own line. */
export function htmlToText(html: string): string {
  const decode = (value: string) =>
    value.replace(/&(#?\w+);/g, (all, name: string) => ENTITIES[name] ?? all)
  return decode(
    html
      .replace(/<(head|style|script|title)[\s\S]*?<\/\1>/gi, '')
      .replace(
        /<a\b[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_all, href: string, label: string) => {
          const words = label.replace(/<[^>]+>/g, '').trim()
          // The URL on a line of its own, so punctuation after the link never sticks to it.
          return words && decode(words) !== decode(href) ? `${words}:\n${href}\n` : `\n${href}\n`
        },
      )
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|h[1-6]|div|li|tr|table)>/gi, '\n\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n')
}

/** Checks and compiles a template (subject and HTML body); throws on what the stack cannot render. */
export function compileTemplate(subject: string, content: string, source: string): EmailTemplate {
  const subjectParts = compileParts(subject, `${source} (subject)`)
  const bodyParts = compileParts(content, source)
  return {
    source,
    render(variables) {
      const html = fill(bodyParts, variables, escapeHtml)
      return { subject: fill(subjectParts, variables, (v) => v), html, text: htmlToText(html) }
    },
  }
}
