// Modals (forms the bot opens) as dialogs: text inputs in action rows or labels, and selects.

import { h } from "./render.js";

const ACTION_ROW = 1;
const STRING_SELECT = 3;
const TEXT_INPUT = 4;
const TEXT_DISPLAY = 10;
const LABEL = 18;

const dialog = () => document.getElementById("modal");

/** Show ``modal`` (the bot's type-9 callback data); ``onSubmit(values)`` gets
 * ``{custom_id: string | string[]}``. */
export function openModal(modal, onSubmit) {
  const el = dialog();
  document.getElementById("modal-title").textContent = modal.title || "";
  const body = document.getElementById("modal-body");
  body.replaceChildren();
  const fields = [];
  const add = (component, label, description) => {
    if (component.type === TEXT_INPUT) {
      const required = component.required !== false;
      const attrs = {
        id: `modal-${component.custom_id}`,
        dataset: { customId: component.custom_id },
        placeholder: component.placeholder || "",
        minlength: component.min_length ?? null,
        maxlength: component.max_length ?? null,
        required,
      };
      const input = component.style === 2 ? h("textarea", attrs) : h("input", { type: "text", ...attrs });
      input.value = component.value || "";
      const counter = component.max_length ? h("div", { class: "counter" }) : null;
      const count = () => { if (counter) counter.textContent = `${input.value.length} / ${component.max_length}`; };
      input.addEventListener("input", count);
      count();
      body.append(h("div", { class: "modal-field" },
        h("label", { for: attrs.id }, label || component.label || "", required ? h("span", { class: "required-mark" }, "*") : null),
        description ? h("div", { class: "field-description" }, description) : null,
        input, counter));
      fields.push(() => [component.custom_id, input.value]);
    } else if (component.type === STRING_SELECT) {
      const multiple = (component.max_values ?? 1) > 1;
      const select = h("select", { id: `modal-${component.custom_id}`, dataset: { customId: component.custom_id }, multiple },
        (component.options || []).map((o) => h("option", { value: o.value, selected: Boolean(o.default) }, o.label)));
      body.append(h("div", { class: "modal-field" },
        h("label", { for: select.id }, label || component.placeholder || ""),
        description ? h("div", { class: "field-description" }, description) : null, select));
      fields.push(() => [component.custom_id, [...select.selectedOptions].map((o) => o.value)]);
    } else if (component.type === TEXT_DISPLAY) {
      body.append(h("div", { class: "field-description" }, component.content || ""));
    }
  };
  for (const top of modal.components || []) {
    if (top.type === ACTION_ROW) for (const c of top.components || []) add(c);
    else if (top.type === LABEL && top.component) add(top.component, top.label, top.description);
    else add(top);
  }
  const form = document.getElementById("modal-form");
  const close = () => { el.close(); form.onsubmit = null; };
  form.onsubmit = (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    const values = Object.fromEntries(fields.map((f) => f()));
    close();
    onSubmit(values);
  };
  document.getElementById("modal-cancel").onclick = close;
  document.getElementById("modal-close").onclick = close;
  el.showModal();
  const first = body.querySelector("input, textarea, select");
  if (first) first.focus();
}
