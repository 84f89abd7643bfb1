// The message box: plain messages, and slash commands built from what the bot registered
// (subcommands, typed options, choices, bounds, autocomplete), as Discord's client offers them.

import { t } from "./i18n.js";
import { h } from "./render.js";

const SUB_COMMAND = 1;
const SUB_COMMAND_GROUP = 2;
const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const USER = 6;
const CHANNEL = 7;
const ROLE = 8;
const MENTIONABLE = 9;
/** How long a refusal stays above the message box (ms) if the member does nothing. */
export const ERROR_MS = 20_000;
/** Channel types the page's channels have (Discord "Channel Object": GUILD_TEXT, PUBLIC_THREAD). */
const CHANNEL_TYPES = { text: 0, thread: 11 };
const NUMBER = 10;

/** Every runnable command path of ``commands`` usable in ``channel``:
 * ``[{path: "mulligan deck save", description, options: [...]}]``. */
export function commandEntries(commands, channel) {
  const entries = [];
  for (const command of commands) {
    const contexts = command.contexts;
    if (channel.kind === "dm") {
      if (command.guild_id) continue;
      if (contexts ? !contexts.includes(1) : command.dm_permission === false) continue;
    } else if (contexts && !contexts.includes(0)) continue;
    const walk = (prefix, node) => {
      const options = node.options || [];
      const subs = options.filter((o) => o.type === SUB_COMMAND || o.type === SUB_COMMAND_GROUP);
      if (!subs.length) {
        entries.push({ path: prefix, description: node.description || "", options });
        return;
      }
      for (const sub of subs) walk(`${prefix} ${sub.name}`, sub);
    };
    walk(command.name, command);
  }
  entries.sort((a, b) => a.path.localeCompare(b.path));
  return entries;
}

export class Composer {
  /** ``app``: {channel(), commands(), members(), channels(), roles(), edited(),
   * runCommand(path, options), sendText(text), autocomplete(path, options, focused) ->
   * Promise<choices>}. ``edited()`` is called whenever the member types or sends. */
  constructor(app) {
    this.app = app;
    this.form = document.getElementById("composer");
    this.input = document.getElementById("text-input");
    this.popup = document.getElementById("popup");
    this.bar = document.getElementById("command-bar");
    this.pill = document.getElementById("command-pill");
    this.fields = document.getElementById("option-fields");
    this.optional = document.getElementById("optional-options");
    this.error = document.getElementById("composer-error");
    this.blocked = document.getElementById("composer-blocked");
    this.errorTimer = null;
    this.entry = null;  // the command being filled in
    this.highlighted = 0;
    this.popupItems = [];
    this.autocompleteTimer = null;
    this.autocompleteSeq = 0;

    this.input.addEventListener("input", () => this.onInput());
    this.input.addEventListener("keydown", (e) => this.onKey(e));
    this.form.addEventListener("submit", (e) => { e.preventDefault(); this.submit(); });
    document.getElementById("command-cancel").addEventListener("click", () => this.reset());
    this.form.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { e.preventDefault(); if (!this.popup.hidden) this.hidePopup(); else this.reset(); }
    });
    document.addEventListener("mousedown", (e) => {
      if (!this.popup.contains(e.target) && !this.form.contains(e.target)) this.hidePopup();
    });
  }

  setPlaceholder(text) { this.input.placeholder = text; }

  /** ``text``: why this member cannot post in the channel on screen (Discord's client shows
   * it instead of the message box, e.g. "This thread is locked."), or null. */
  setBlocked(text) {
    const blocked = Boolean(text);
    if (blocked && !this.form.hidden && this.entry) this.reset(false);
    if (blocked) this.hidePopup();
    this.form.hidden = blocked;
    this.blocked.hidden = !blocked;
    this.blocked.replaceChildren(...(blocked ? [h("span", { class: "lock", "aria-hidden": "true" }, "🔒"), " ", text] : []));
  }

  /** Show ``text`` above the message box (empty: hide it); it goes when the member types, or
   * after ERROR_MS. */
  showError(text) {
    clearTimeout(this.errorTimer);
    this.error.textContent = text || "";
    this.error.hidden = !text;
    if (text) this.errorTimer = setTimeout(() => this.showError(""), ERROR_MS);
  }

  // ---------------------------------------------------------------- popup
  showPopup(title, items, onPick) {
    this.popup.replaceChildren(h("div", { class: "popup-title" }, title));
    this.popupItems = items.map((item, index) => {
      const el = h("button", {
        type: "button", class: "popup-item", role: "option", dataset: item.dataset || {},
        onmousedown: (e) => e.preventDefault(),
        onclick: () => { this.hidePopup(); onPick(item); },
      }, h("span", { class: "name" }, item.name), item.description ? h("span", { class: "description" }, item.description) : null);
      el.dataset.index = index;
      return { el, item, onPick };
    });
    if (!items.length) this.popup.append(h("div", { class: "popup-empty" }, t("nothing_matches")));
    for (const { el } of this.popupItems) this.popup.append(el);
    this.highlighted = 0;
    this.highlight();
    this.popup.hidden = false;
  }

  hidePopup() { this.popup.hidden = true; this.popupItems = []; }

  highlight() {
    this.popupItems.forEach(({ el }, i) => el.classList.toggle("highlighted", i === this.highlighted));
    const current = this.popupItems[this.highlighted];
    if (current) current.el.scrollIntoView({ block: "nearest" });
  }

  popupKey(e) {
    if (this.popup.hidden || !this.popupItems.length) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const n = this.popupItems.length;
      this.highlighted = (this.highlighted + (e.key === "ArrowDown" ? 1 : n - 1)) % n;
      this.highlight();
      return true;
    }
    if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      const { item, onPick } = this.popupItems[this.highlighted];
      this.hidePopup();
      onPick(item);
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- typing
  onInput() {
    this.showError("");
    this.app.edited();
    const value = this.input.value;
    if (!value.startsWith("/")) { this.hidePopup(); return; }
    const query = value.slice(1).trim().toLowerCase();
    const entries = commandEntries(this.app.commands(), this.app.channel());
    const matches = entries.filter((e) => e.path.startsWith(query) || e.path.includes(query));
    this.showPopup(entries.length ? t("commands") : t("no_commands"),
      matches.map((entry) => ({
        name: `/${entry.path}`, description: entry.description, entry,
        dataset: { command: entry.path },
      })),
      (item) => this.startCommand(item.entry));
  }

  onKey(e) {
    if (this.popupKey(e)) return;
    if (e.key === "Backspace" && this.entry && !this.input.value) this.reset();
  }

  // ---------------------------------------------------------------- a command
  startCommand(entry) {
    this.entry = entry;
    this.input.value = "";
    this.input.hidden = true;
    this.bar.hidden = false;
    this.pill.textContent = `/${entry.path}`;
    this.fields.replaceChildren();
    this.optional.replaceChildren();
    for (const option of entry.options) {
      if (option.required) this.addField(option);
    }
    this.renderOptional();
    const first = this.fields.querySelector("input, select");
    if (first) first.focus();
    else document.getElementById("send-button").focus();
  }

  renderOptional() {
    this.optional.replaceChildren();
    const shown = new Set([...this.fields.querySelectorAll("[data-option]")].map((el) => el.dataset.option));
    for (const option of this.entry.options) {
      if (option.required || shown.has(option.name)) continue;
      this.optional.append(h("button", {
        type: "button", class: "add-option", title: option.description || "",
        dataset: { addOption: option.name },
        onclick: () => { const field = this.addField(option); this.renderOptional(); field.focus(); },
      }, `+ ${option.name}`));
    }
  }

  addField(option) {
    const field = this.control(option);
    field.dataset.option = option.name;
    field.setAttribute("aria-label", option.name);
    if (option.description) field.title = option.description;
    field.addEventListener("keydown", (e) => {
      if (this.popupKey(e)) return;
      if (e.key === "Enter") { e.preventDefault(); this.submit(); }
    });
    field.addEventListener("input", () => { wrap.classList.remove("invalid"); this.showError(""); this.app.edited(); });
    const remove = option.required ? null : h("button", {
      type: "button", class: "remove-option", "aria-label": `Remove ${option.name}`,
      onclick: () => { wrap.remove(); this.renderOptional(); },
    }, "×");
    const wrap = h("label", { class: `option${option.required ? " required" : ""}` },
      h("span", {}, option.name), field, remove);
    this.fields.append(wrap);
    return field;
  }

  control(option) {
    // The page's own words carry data-i18n, so a change of language relabels them (setLocale).
    const select = (items, placeholderKey) => h("select", {},
      h("option", { value: "", dataset: { i18n: placeholderKey } }, t(placeholderKey)),
      items.map(([value, label, key]) => h("option", { value, dataset: key ? { i18n: key } : {} }, label)));
    if (option.choices && option.choices.length) {
      return select(option.choices.map((c) => [JSON.stringify(c.value), c.name]), "choose");
    }
    switch (option.type) {
      case BOOLEAN: return select([["true", t("true"), "true"], ["false", t("false"), "false"]], "choose");
      case USER:
        return select(this.memberItems(), "choose_member");
      case ROLE:
        return select(this.roleItems(), "choose_role");
      case MENTIONABLE: {
        // Discord's picker lists members and roles together
        const field = select([], "choose_mentionable");
        field.append(h("optgroup", { label: t("members") }, this.memberItems().map(([value, label]) => h("option", { value }, label))),
          h("optgroup", { label: t("roles") }, this.roleItems().map(([value, label]) => h("option", { value }, label))));
        return field;
      }
      case CHANNEL: {
        // channel_types narrows the list (discord.TextChannel: [0]); without it, every channel
        const types = option.channel_types;
        const channels = this.app.channels().filter((c) => c.kind in CHANNEL_TYPES
          && (!types || types.includes(CHANNEL_TYPES[c.kind])) && !(c.kind === "thread" && c.archived));
        return select(channels.map((c) => [c.id, `${c.kind === "thread" ? "🧵 " : "#"}${c.name}`]), "choose_channel");
      }
      case INTEGER: case NUMBER:
        return h("input", {
          type: "number", step: option.type === INTEGER ? "1" : "any",
          min: option.min_value ?? null, max: option.max_value ?? null,
          placeholder: boundsText(option),
        });
      default: {
        const input = h("input", {
          type: "text", minlength: option.min_length ?? null, maxlength: option.max_length ?? null,
          placeholder: option.autocomplete ? t("type_to_search") : "",
        });
        if (option.autocomplete) {
          const ask = () => this.askAutocomplete(option, input);
          input.addEventListener("input", () => { delete input.dataset.value; ask(); });
          input.addEventListener("focus", ask);
        }
        return input;
      }
    }
  }

  memberItems() {
    return this.app.members().map((m) => [m.id, `@${m.name}${m.bot ? ` ${t("bot_tag")}` : ""}`]);
  }

  /** The server's roles as Discord's role picker lists them (highest first, @everyone last). */
  roleItems() {
    return this.app.roles().map((r) => [r.id, r.name.startsWith("@") ? r.name : `@${r.name}`]);
  }

  askAutocomplete(option, input) {
    clearTimeout(this.autocompleteTimer);
    this.autocompleteTimer = setTimeout(async () => {
      const seq = ++this.autocompleteSeq;
      const values = this.collect(false).options;
      values[option.name] = input.value;
      const choices = await this.app.autocomplete(this.entry.path, values, option.name);
      if (seq !== this.autocompleteSeq || document.activeElement !== input) return;
      this.showPopup(option.name, choices.map((c) => ({ name: c.name, value: c.value, dataset: { value: String(c.value) } })),
        (item) => {
          input.value = item.name;
          input.dataset.value = JSON.stringify(item.value);
          input.closest(".option").classList.remove("invalid");
        });
    }, 150);
  }

  /** The filled-in options ``{name: value}`` and the problems found (Discord's own checks). */
  collect(validate = true) {
    const options = {};
    const problems = [];
    for (const option of this.entry.options) {
      const field = this.fields.querySelector(`[data-option="${CSS.escape(option.name)}"]`);
      const raw = field ? field.value.trim() : "";
      const bad = (text) => { problems.push(text); if (field) field.closest(".option").classList.add("invalid"); };
      if (!field || raw === "") {
        if (option.required && validate) bad(t("required", { name: option.name }));
        continue;
      }
      if (option.choices && option.choices.length) { options[option.name] = JSON.parse(raw); continue; }
      switch (option.type) {
        case BOOLEAN: options[option.name] = raw === "true"; break;
        case USER: case MENTIONABLE: case CHANNEL: case ROLE: options[option.name] = raw; break;
        case INTEGER: case NUMBER: {
          const number = Number(raw);
          if (!Number.isFinite(number) || (option.type === INTEGER && !Number.isInteger(number))) {
            bad(t(option.type === INTEGER ? "must_be_whole" : "must_be_number", { name: option.name }));
            break;
          }
          if ((option.min_value != null && number < option.min_value) || (option.max_value != null && number > option.max_value)) {
            bad(t("must_be_within", { name: option.name, bounds: boundsText(option) }));
            break;
          }
          options[option.name] = number;
          break;
        }
        default: {
          const value = field.dataset.value !== undefined ? JSON.parse(field.dataset.value) : raw;
          if (typeof value === "string" && ((option.min_length != null && value.length < option.min_length)
              || (option.max_length != null && value.length > option.max_length))) {
            bad(t("must_be_length", { name: option.name, min: option.min_length ?? 0, max: option.max_length ?? "…" }));
            break;
          }
          options[option.name] = value;
        }
      }
    }
    return { options, problems };
  }

  submit() {
    this.app.edited();
    if (!this.popup.hidden && this.popupItems.length && !this.entry) {
      const { item, onPick } = this.popupItems[this.highlighted];
      this.hidePopup();
      onPick(item);
      return;
    }
    this.hidePopup();
    if (this.entry) {
      const { options, problems } = this.collect(true);
      if (problems.length) { this.showError(problems.join(" ")); return; }
      this.app.runCommand(this.entry.path, options);
      this.reset();
      return;
    }
    const text = this.input.value;
    if (!text.trim()) return;
    if (text.startsWith("/")) { this.showError(t("pick_command")); return; }
    this.app.sendText(text);
    this.input.value = "";
  }

  reset(focus = true) {
    this.entry = null;
    this.bar.hidden = true;
    this.fields.replaceChildren();
    this.optional.replaceChildren();
    this.input.hidden = false;
    this.input.value = "";
    this.hidePopup();
    this.showError("");
    if (focus) this.input.focus();
  }
}

function boundsText(option) {
  const lo = option.min_value;
  const hi = option.max_value;
  if (lo != null && hi != null) return `${lo}–${hi}`;
  if (lo != null) return `≥ ${lo}`;
  if (hi != null) return `≤ ${hi}`;
  return "";
}
