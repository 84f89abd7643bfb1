// Drawing messages as Discord's client does: markdown, mentions, embeds, attachments, components.

import { locale, t, tParts } from "./i18n.js";

const AVATAR_COLORS = ["#5865f2", "#757e8a", "#3ba55c", "#faa61a", "#ed4245", "#eb459f"];
const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "primary" };
const FLAG_COMPONENTS_V2 = 1 << 15;

/** Create an element: h("div", {class: "x", onclick: f}, child, "text", ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "html") el.innerHTML = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function avatar(user, small = false) {
  const index = user.bot ? 0 : Number(BigInt(user.id) % 5n) + 1;
  const el = h("div", { class: `avatar${small ? " small" : ""}`, "aria-hidden": "true" },
    (user.name || "?").slice(0, 1).toUpperCase());
  el.style.background = AVATAR_COLORS[index];
  return el;
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** Intl options of Discord's timestamp styles (<t:unix:style>, "Message Formatting"):
 * t 16:20, T 16:20:30, d 20/04/2021, D 20 April 2021, f (default) 20 April 2021 16:20,
 * F Tuesday, 20 April 2021 16:20; R is relative ("in 2 minutes"). */
const TIMESTAMP_STYLES = {
  t: { timeStyle: "short" },
  T: { timeStyle: "medium" },
  d: { dateStyle: "short" },
  D: { dateStyle: "long" },
  f: { dateStyle: "long", timeStyle: "short" },
  F: { dateStyle: "full", timeStyle: "short" },
};
const RELATIVE_UNITS = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];

/** A Discord timestamp as the reader's client writes it, in the page's language. */
export function formatTimestamp(unix, style, now = Date.now()) {
  const date = new Date(Number(unix) * 1000);
  if (style === "R") {
    const seconds = Math.round((date - now) / 1000);
    const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: "auto" });
    for (const [unit, size] of RELATIVE_UNITS) {
      if (Math.abs(seconds) >= size || unit === "second") return rtf.format(Math.round(seconds / size), unit);
    }
  }
  return new Intl.DateTimeFormat(locale(), TIMESTAMP_STYLES[style] || TIMESTAMP_STYLES.f).format(date);
}

/** Rewrite every relative timestamp on the page (they move with the clock, as on Discord). */
export function refreshRelativeTimes(root = document) {
  for (const el of root.querySelectorAll(".timestamp-mention[data-style='R']")) {
    const text = formatTimestamp(el.dataset.unix, "R");
    if (el.textContent !== text) el.textContent = text;
  }
}

/** Inline markdown of one line (already HTML-escaped). */
function inline(text, ctx, stash) {
  const keep = (html) => `\u0000${stash.push(html) - 1}\u0000`;
  text = text.replace(/`([^`\n]+)`/g, (_, code) => keep(`<code>${code}</code>`));
  text = text.replace(/\\([^\sa-zA-Z0-9])/g, (_, ch) => keep(ch));
  text = text.replace(/&lt;@!?(\d+)&gt;/g, (_, id) => keep(
    `<span class="mention" data-user-id="${id}">@${escapeHtml(ctx.userName(id))}</span>`));
  text = text.replace(/&lt;#(\d+)&gt;/g, (_, id) => keep(
    `<span class="mention">#${escapeHtml(ctx.channelName(id))}</span>`));
  text = text.replace(/&lt;@&amp;(\d+)&gt;/g, (_, id) => {
    const role = ctx.role ? ctx.role(id) : null;
    const color = role && role.color ? ` style="--role-color: #${role.color.toString(16).padStart(6, "0")}"` : "";
    return keep(`<span class="mention role-mention" data-role-id="${id}"${color}>@${escapeHtml(role ? role.name : t("unknown_role"))}</span>`);
  });
  text = text.replace(/&lt;a?:(\w+):\d+&gt;/g, (_, name) => keep(`<span class="emoji">:${name}:</span>`));
  text = text.replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, unix, style) => keep(
    `<span class="mention timestamp-mention" data-unix="${unix}" data-style="${style || "f"}" title="${escapeHtml(formatTimestamp(unix, "F"))}">${escapeHtml(formatTimestamp(unix, style))}</span>`));
  text = text.replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label, url) => keep(
    `<a href="${url}" target="_blank" rel="noreferrer">${label}</a>`));
  text = text.replace(/(^|\s)(https?:\/\/[^\s<]+)/g, (_, space, url) => space + keep(
    `<a href="${url}" target="_blank" rel="noreferrer">${url}</a>`));
  text = text.replace(/\*\*\*(.+?)\*\*\*/g, "<strong><em>$1</em></strong>");
  text = text.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");
  text = text.replace(/__(.+?)__/g, "<u>$1</u>");
  text = text.replace(/(^|[^*\w])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>");
  text = text.replace(/(^|[^_\w])_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>");
  text = text.replace(/~~(.+?)~~/g, "<s>$1</s>");
  text = text.replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>');
  return text;
}

/** Discord-flavoured markdown to safe HTML. ``ctx`` names users and channels by id. */
export function markdown(source, ctx) {
  const stash = [];
  let text = escapeHtml(source || "");
  text = text.replace(/```(?:[\w+-]*\n)?([\s\S]*?)```/g,
    (_, code) => `\u0000${stash.push(`<pre><code>${code.replace(/\n$/, "")}</code></pre>`) - 1}\u0000`);
  const out = [];
  let list = null;
  for (const line of text.split("\n")) {
    let m;
    if ((m = line.match(/^\s*[-*] (.*)$/))) {
      if (!list) { list = []; }
      list.push(`<li>${inline(m[1], ctx, stash)}</li>`);
      continue;
    }
    if (list) { out.push(`<ul>${list.join("")}</ul>`); list = null; }
    if ((m = line.match(/^(#{1,3}) (.*)$/))) out.push(`<h${m[1].length}>${inline(m[2], ctx, stash)}</h${m[1].length}>`);
    else if ((m = line.match(/^-# (.*)$/))) out.push(`<div class="subtext">${inline(m[1], ctx, stash)}</div>`);
    else if ((m = line.match(/^&gt; ?(.*)$/))) out.push(`<blockquote>${inline(m[1], ctx, stash) || "&nbsp;"}</blockquote>`);
    else out.push(`${inline(line, ctx, stash)}\n`);
  }
  if (list) out.push(`<ul>${list.join("")}</ul>`);
  let html = out.join("").replace(/\n$/, "");
  for (let i = 0; i < 3 && html.includes("\u0000"); i++) {
    html = html.replace(/\u0000(\d+)\u0000/g, (_, n) => stash[Number(n)]);
  }
  return html;
}

function markdownElement(tag, cls, text, ctx) {
  return h(tag, { class: cls, html: markdown(text, ctx) });
}

function emojiElement(emoji) {
  if (!emoji) return null;
  if (emoji.id) return h("span", { class: "emoji" }, `:${emoji.name}:`);
  return h("span", { class: "emoji" }, emoji.name);
}

function resolveUrl(url, message) {
  if (!url) return null;
  if (url.startsWith("attachment://")) {
    const name = url.slice("attachment://".length);
    const found = (message.attachments || []).find((a) => a.filename === name);
    return found ? found.url : null;
  }
  if (url.startsWith("http://") || url.startsWith("https://") || url.startsWith("/")) return url;
  return null;
}

/** The alt text of an embed's picture: the description of the attachment it shows (Discord
 * shows an attachment's description as its alt text, also when an embed displays it). */
function pictureAlt(picture, resolved, message) {
  const asked = picture.attachment || picture.url || "";
  const name = asked.startsWith("attachment://") ? asked.slice("attachment://".length) : null;
  const found = (message.attachments || []).find((a) => (name && a.filename === name) || a.url === resolved);
  return (found && found.description) || "";
}

/** Attachments an embed displays (attachment://name) are not repeated below the message. */
function embeddedNames(message) {
  const names = new Set();
  for (const embed of message.embeds || []) {
    for (const key of ["image", "thumbnail"]) {
      // the emulator resolves attachment:// urls (as Discord does) and keeps the name asked for
      const url = embed[key] && (embed[key].attachment || embed[key].url);
      if (url && url.startsWith("attachment://")) names.add(url.slice("attachment://".length));
    }
  }
  return names;
}

export function renderEmbed(embed, message, ctx) {
  const el = h("article", { class: "embed" });
  if (embed.color !== undefined && embed.color !== null) {
    el.style.borderLeftColor = `#${Number(embed.color).toString(16).padStart(6, "0")}`;
  }
  if (embed.author && embed.author.name) el.append(h("div", { class: "embed-author" }, embed.author.name));
  if (embed.title) {
    const title = embed.url
      ? h("a", { href: embed.url, target: "_blank", rel: "noreferrer" }, embed.title)
      : h("span", { html: markdown(embed.title, ctx) });
    el.append(h("div", { class: "embed-title" }, title));
  }
  if (embed.description) el.append(markdownElement("div", "embed-description", embed.description, ctx));
  if (embed.fields && embed.fields.length) {
    el.append(h("div", { class: "embed-fields" }, embed.fields.map((field) => h("div",
      { class: `embed-field${field.inline ? " inline" : ""}` },
      h("div", { class: "embed-field-name", html: markdown(field.name, ctx) }),
      markdownElement("div", "embed-field-value", field.value, ctx)))));
  }
  const image = embed.image && resolveUrl(embed.image.url, message);
  if (image) {
    el.append(h("div", { class: "embed-image" },
      h("img", { src: image, alt: pictureAlt(embed.image, image, message), loading: "lazy" })));
  }
  const thumbnail = embed.thumbnail && resolveUrl(embed.thumbnail.url, message);
  if (thumbnail) {
    el.append(h("div", { class: "embed-thumbnail" },
      h("img", { src: thumbnail, alt: pictureAlt(embed.thumbnail, thumbnail, message) })));
  }
  const footer = [];
  if (embed.footer && embed.footer.text) footer.push(embed.footer.text);
  if (embed.timestamp) footer.push(new Intl.DateTimeFormat(locale(), TIMESTAMP_STYLES.f).format(new Date(embed.timestamp)));
  if (footer.length) el.append(h("div", { class: "embed-footer" }, footer.join(" • ")));
  return el;
}

function renderAttachments(message) {
  const skip = embeddedNames(message);
  const items = (message.attachments || []).filter((a) => !skip.has(a.filename));
  if (!items.length) return null;
  return h("div", { class: "attachments" }, items.map((att) => {
    const isImage = (att.content_type || "").startsWith("image/") || /\.(png|jpe?g|gif|webp)$/i.test(att.filename);
    if (isImage) {
      return h("a", { class: "attachment-image", href: att.url, target: "_blank" },
        h("img", { src: att.url, alt: att.description || att.filename }));
    }
    return h("a", { class: "attachment-file", href: att.url, download: att.filename }, `📄 ${att.filename}`);
  }));
}

function renderButton(button, message, actions) {
  const style = BUTTON_STYLES[button.style] || "secondary";
  const pending = actions.pendingCustomId(message.id) === button.custom_id;
  const children = [emojiElement(button.emoji), button.label ? h("span", { class: "btn-label" }, button.label) : null];
  if (button.style === 5) {
    return h("a", { class: `btn ${style}`, href: button.url, target: "_blank", rel: "noreferrer",
      "aria-disabled": button.disabled ? "true" : null }, ...children, " ↗");
  }
  return h("button", {
    type: "button",
    class: `btn ${style} component-button${pending ? " pending" : ""}`,
    disabled: Boolean(button.disabled),
    dataset: { customId: button.custom_id || "" },
    onclick: () => actions.click(message, button),
  }, ...children);
}

function renderSelect(menu, message, actions) {
  const options = menu.type === 3
    ? menu.options || []
    : actions.members().map((member) => ({ label: member.name, value: member.id }));
  const min = menu.min_values ?? 1;
  const max = menu.max_values ?? 1;
  const chosen = new Set(options.filter((o) => o.default).map((o) => o.value));
  const wrap = h("div", { class: "select", dataset: { customId: menu.custom_id } });
  const label = () => {
    const picked = options.filter((o) => chosen.has(o.value));
    return picked.length ? picked.map((o) => o.label).join(", ") : null;
  };
  const text = label();
  const toggle = h("button", {
    type: "button", class: "select-toggle", disabled: Boolean(menu.disabled),
    "aria-haspopup": "listbox", "aria-label": menu.placeholder || t("select"),
  }, text ? h("span", {}, text) : h("span", { class: "placeholder" }, menu.placeholder || t("make_selection")), h("span", {}, "⌄"));
  wrap.append(toggle);
  let menuEl = null;
  const close = (submit) => {
    if (!menuEl) return;
    menuEl.remove();
    menuEl = null;
    document.removeEventListener("mousedown", outside, true);
    if (submit && chosen.size >= min && chosen.size <= max) actions.select(message, menu, [...chosen]);
  };
  const outside = (event) => { if (!wrap.contains(event.target)) close(max > 1); };
  toggle.addEventListener("click", () => {
    if (menuEl) { close(max > 1); return; }
    menuEl = h("div", { class: "select-menu", role: "listbox", "aria-multiselectable": max > 1 ? "true" : null });
    for (const option of options) {
      const item = h("button", {
        type: "button", role: "option", class: `select-option${chosen.has(option.value) ? " chosen" : ""}`,
        "aria-selected": chosen.has(option.value) ? "true" : "false", dataset: { value: option.value },
      },
      max > 1 ? h("span", { class: "check" }, chosen.has(option.value) ? "✓" : "") : null,
      emojiElement(option.emoji),
      h("span", {}, option.label, option.description ? h("span", { class: "description" }, option.description) : null));
      item.addEventListener("click", () => {
        if (max === 1) { chosen.clear(); chosen.add(option.value); close(true); return; }
        if (chosen.has(option.value)) chosen.delete(option.value);
        else if (chosen.size < max) chosen.add(option.value);
        item.classList.toggle("chosen", chosen.has(option.value));
        item.setAttribute("aria-selected", chosen.has(option.value) ? "true" : "false");
        item.querySelector(".check").textContent = chosen.has(option.value) ? "✓" : "";
        done.disabled = !(chosen.size >= min && chosen.size <= max);
      });
      menuEl.append(item);
    }
    const done = h("button", { type: "button", class: "btn primary select-done" }, t("done", { count: min === max ? min : `${min}–${max}` }));
    done.disabled = !(chosen.size >= min && chosen.size <= max);
    done.addEventListener("click", () => close(true));
    if (max > 1) menuEl.append(done);
    wrap.append(menuEl);
    menuEl.scrollIntoView({ block: "nearest" });
    document.addEventListener("mousedown", outside, true);
  });
  return wrap;
}

/** Components of a message (action rows, and the Components V2 layout types). */
export function renderComponents(components, message, actions, ctx) {
  const out = [];
  for (const component of components || []) {
    switch (component.type) {
      case 1:
        out.push(h("div", { class: "component-row" }, renderComponents(component.components, message, actions, ctx)));
        break;
      case 2: out.push(renderButton(component, message, actions)); break;
      case 3: case 5: case 6: case 7: case 8: out.push(renderSelect(component, message, actions)); break;
      case 9: {  // section: text on the left, an accessory on the right
        const accessory = component.accessory ? renderComponents([component.accessory], message, actions, ctx) : [];
        out.push(h("div", { class: "section" },
          h("div", {}, renderComponents(component.components, message, actions, ctx)), accessory));
        break;
      }
      case 10: out.push(markdownElement("div", "content", component.content, ctx)); break;
      case 11: {
        const src = resolveUrl(component.media && component.media.url, message);
        if (src) out.push(h("img", { src, alt: component.description || "", class: "embed-thumbnail" }));
        break;
      }
      case 12:
        out.push(h("div", { class: "media-gallery" }, (component.items || []).map((item) => {
          const src = resolveUrl(item.media && item.media.url, message);
          return src ? h("img", { src, alt: item.description || "" }) : null;
        })));
        break;
      case 14: out.push(h("hr", { class: "separator" })); break;
      case 17: {
        const box = h("div", { class: "container" }, renderComponents(component.components, message, actions, ctx));
        if (component.accent_color != null) box.style.borderLeftColor = `#${component.accent_color.toString(16).padStart(6, "0")}`;
        out.push(box);
        break;
      }
      default: break;
    }
  }
  return out;
}

function timeLabel(iso) {
  const date = new Date(iso);
  const time = date.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
  const today = new Date();
  return date.toDateString() === today.toDateString() ? t("today_at", { time }) : `${date.toLocaleDateString(locale())} ${time}`;
}

/** One message element. ``grouped``: same author as the previous one, header hidden. */
export function renderMessage(message, { grouped, ctx, actions, state }) {
  const mentioned = (message.content || "").includes(`<@${ctx.me.id}>`);
  const el = h("div", {
    class: ["message", grouped ? "grouped" : "", message.ephemeral ? "ephemeral" : "", mentioned ? "mentioned" : ""].join(" ").trim(),
    dataset: { id: message.id, author: message.author.name },
    role: "article",
  });
  if (message.used) {
    el.append(h("div", { class: "replied" }, ...tParts("used", {
      user: h("span", { class: "mention" }, `@${message.used.user.name}`),
      command: h("span", { class: "command" }, `/${message.used.command}`),
    })));
  }
  el.append(h("div", { class: "message-aside" }, grouped ? null : avatar(message.author)));
  const body = h("div", { class: "message-body" });
  if (!grouped) {
    body.append(h("div", { class: "message-header" },
      h("span", { class: "author" }, message.author.name),
      message.author.bot ? h("span", { class: "app-tag" }, "APP") : null,
      h("time", { class: "timestamp", datetime: message.timestamp }, timeLabel(message.timestamp))));
  }
  if (message.loading) {
    body.append(h("div", { class: "loading-text" }, t("thinking", { name: message.author.name })));
  } else {
    if (message.content) {
      const content = markdownElement("div", "content", message.content, ctx);
      if (message.edited) content.append(" ", h("span", { class: "edited" }, t("edited")));
      body.append(content);
    }
    if (!(message.flags & FLAG_COMPONENTS_V2)) {
      for (const embed of message.embeds || []) body.append(renderEmbed(embed, message, ctx));
    }
    const attachments = renderAttachments(message);
    if (attachments) body.append(attachments);
    if (message.components && message.components.length) {
      body.append(h("div", { class: "components" }, renderComponents(message.components, message, actions, ctx)));
    }
  }
  const thread = message.thread_id ? actions.thread(message.thread_id) : null;
  if (thread) {
    body.append(h("div", { class: "thread-link" },
      h("button", { type: "button", onclick: () => actions.openThread(thread.id) }, `🧵 ${thread.name}`)));
  }
  const failure = state.failed.get(message.id);
  if (failure) body.append(h("div", { class: "interaction-failed", role: "alert" }, failure));
  if (message.ephemeral) {
    body.append(h("div", { class: "ephemeral-note" },
      h("span", { class: "eye" }, "👁"), `${t("only_you")} • `,
      h("button", { type: "button", onclick: () => actions.dismiss(message) }, t("dismiss"))));
  }
  el.append(body);
  return el;
}
