// The page's own labels ("Message #general", "Only you can see this" …) in the language of the
// selector: en-US, it, pl, ja, from labels.json (served with the page). The bot's texts come
// from the bot itself, in the locale the emulator sends with each interaction.

const LABELS = await (await fetch("/static/labels.json")).json();
const FALLBACK = "en-US";
let current = FALLBACK;

/** Switch the labels' language (an unknown locale falls back to English) and relabel the
 * static page (elements with data-i18n, data-i18n-aria, data-i18n-title). */
export function setLocale(locale) {
  current = LABELS[locale] ? locale : FALLBACK;
  document.documentElement.lang = current === FALLBACK ? "en" : current;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

export const locale = () => current;

function pattern(key) {
  return (LABELS[current] || {})[key] ?? LABELS[FALLBACK][key] ?? key;
}

/** The label ``key`` with ``{name}`` placeholders replaced from ``args``. */
export function t(key, args = {}) {
  return pattern(key).replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

/** The label ``key`` as a list of strings and ``parts`` (elements) in the language's order:
 * ``tParts("used", {user: el, command: el})``. */
export function tParts(key, parts) {
  return pattern(key).split(/\{(\w+)\}/).map((piece, index) => (index % 2 ? parts[piece] ?? `{${piece}}` : piece))
    .filter((piece) => piece !== "");
}
