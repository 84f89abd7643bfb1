// The playground page: one member of the local server per tab (?member=alice), live over a
// WebSocket. See bot/playground/web.py for the protocol.

import { Composer, ERROR_MS } from "./composer.js";
import { setLocale, t } from "./i18n.js";
import { openModal } from "./modal.js";
import { avatar, h, refreshRelativeTimes, renderMessage } from "./render.js";

const params = new URLSearchParams(location.search);
const memberName = params.get("member") || "alice";
const storedLocale = params.get("locale") || localStorage.getItem(`locale:${memberName}`) || "en-US";

const state = {
  ready: false,
  me: null,
  bot: null,
  guild: null,
  channels: [],
  members: [],
  memberNames: [],
  commands: [],
  messages: new Map(),   // id -> message
  current: null,         // channel id shown
  unread: new Map(),     // channel id -> count
  pending: new Map(),    // nonce -> {kind, messageId, customId, channelId}
  failed: new Map(),     // message id -> "This interaction failed"
  dismissed: new Set(),
  system: new Map(),     // channel id -> [{nonce, text, failed}]
  botOnline: false,
  roles: {},             // member name -> "owner" | "moderator" | "member"
  guildRoles: [],        // the server's roles, highest first: [{id, name, color, managed}]
  memberRoles: {},       // user id -> [role id] (without @everyone)
  suggested: "bingo challenge",
  locale: storedLocale,
  autocomplete: new Map(), // nonce -> resolve
};

let socket = null;
let nonceCounter = 0;
const nextNonce = () => `${Date.now()}-${++nonceCounter}`;
const $ = (id) => document.getElementById(id);
const rendered = new Map(); // message id -> {key, el}

// ------------------------------------------------------------------ context for rendering
const ctx = {
  get me() { return state.me; },
  userName(id) {
    const user = state.members.find((m) => m.id === id);
    return user ? user.name : t("unknown_user");
  },
  channelName(id) {
    const channel = state.channels.find((c) => c.id === id);
    return channel ? channel.name : t("unknown_channel");
  },
  role(id) {
    return state.guildRoles.find((r) => r.id === id) || null;
  },
};

const actions = {
  pendingCustomId(messageId) {
    for (const p of state.pending.values()) if (p.messageId === messageId) return p.customId;
    return null;
  },
  members: () => state.members,
  click(message, button) {
    if (button.disabled) return;
    send({ op: "click", message_id: message.id, custom_id: button.custom_id },
      { kind: "component", messageId: message.id, customId: button.custom_id });
  },
  select(message, menu, values) {
    send({ op: "select", message_id: message.id, custom_id: menu.custom_id, values },
      { kind: "component", messageId: message.id, customId: menu.custom_id });
  },
  dismiss(message) {
    state.dismissed.add(message.id);
    renderChannel();
  },
  thread: (id) => state.channels.find((c) => c.id === id && c.kind === "thread") || null,
  openThread: (id) => showChannel(id),
};

// ------------------------------------------------------------------ socket
function connect() {
  const url = new URL("/playground/ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("member", memberName);
  url.searchParams.set("locale", state.locale);
  socket = new WebSocket(url);
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    $("app").dataset.state = "disconnected";
    setBotStatus();
    setTimeout(connect, 1000);
  });
}

function send(frame, pending) {
  const nonce = nextNonce();
  frame.nonce = nonce;
  if (pending) {
    state.pending.set(nonce, pending);
    if (pending.messageId) state.failed.delete(pending.messageId);
    renderChannel();
  }
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    fail(nonce, t("offline"));
    return nonce;
  }
  socket.send(JSON.stringify(frame));
  return nonce;
}

function receive(frame) {
  switch (frame.op) {
    case "ready": onReady(frame); break;
    case "message": {
      const known = state.messages.has(frame.message.id);
      state.messages.set(frame.message.id, frame.message);
      if (!known && frame.message.channel_id !== state.current && !frame.message.mine) {
        state.unread.set(frame.message.channel_id, (state.unread.get(frame.message.channel_id) || 0) + 1);
        renderChannels();
      }
      // A new answer to the member's own command or click is scrolled to, even when it
      // lands far below the message they clicked (a Replay on an older end panel).
      if (frame.message.channel_id === state.current) renderChannel(!known && frame.message.answers_me);
      break;
    }
    case "channel": {
      // A thread was created or changed (archived, locked, renamed).
      const index = state.channels.findIndex((c) => c.id === frame.channel.id);
      if (index >= 0) state.channels[index] = frame.channel;
      else state.channels.push(frame.channel);
      renderChannels();
      if (frame.channel.id === state.current) renderChannel();
      break;
    }
    case "delete":
      state.messages.delete(frame.id);
      if (frame.channel_id === state.current) renderChannel();
      break;
    case "status":
      state.botOnline = frame.bot_online;
      state.commands = frame.commands;
      state.suggested = frame.suggested || state.suggested;
      setBotStatus();
      renderChannel();
      renderMembers();
      break;
    case "result": onResult(frame); break;
    case "choices": {
      const resolve = state.autocomplete.get(frame.nonce);
      state.autocomplete.delete(frame.nonce);
      if (resolve) resolve(frame.choices || []);
      break;
    }
    default: break;
  }
}

function onReady(frame) {
  state.ready = true;
  state.me = frame.me;
  state.bot = frame.bot;
  state.guild = frame.guild;
  state.channels = frame.channels;
  state.members = frame.members;
  state.memberNames = frame.member_names;
  state.commands = frame.commands;
  state.roles = frame.roles || {};
  state.guildRoles = frame.guild_roles || [];
  state.memberRoles = frame.member_roles || {};
  state.suggested = frame.suggested || state.suggested;
  state.botOnline = frame.bot_online;
  state.messages = new Map(frame.messages.map((m) => [m.id, m]));
  rendered.clear();
  $("messages").replaceChildren();
  if (!state.current || !state.channels.some((c) => c.id === state.current)) {
    const wanted = params.get("channel");
    const byName = state.channels.find((c) => c.name === wanted || c.kind === wanted);
    state.current = (byName || state.channels[0]).id;
  }
  $("app").dataset.state = "ready";
  document.title = `${state.me.name} · BingoMagic playground`;
  $("guild-name").textContent = state.guild.name;
  $("server-icon").title = state.guild.name;
  const me = avatar(state.me, true);
  me.id = "me-avatar";
  $("me-avatar").replaceWith(me);
  renderMemberSelect();
  const localeSelect = $("locale-select");
  localeSelect.replaceChildren(...Object.entries(frame.locales).map(([code, name]) => h("option", { value: code, selected: code === state.locale }, name)));
  $("notices").replaceChildren(...frame.notices.map((text) => h("div", { class: "notice", role: "note" }, text)));
  setBotStatus();
  renderChannels();
  renderMembers();
  renderChannel();
}

/** The names of the Discord roles (not @everyone) ``user`` has, as the member list shows them. */
function discordRoles(user) {
  return (state.memberRoles[user.id] || []).map((id) => ctx.role(id)).filter((r) => r && !r.managed);
}

function roleChip(role) {
  const chip = h("span", { class: "role-chip" }, role.name);
  if (role.color) chip.style.setProperty("--role-color", `#${role.color.toString(16).padStart(6, "0")}`);
  return chip;
}

/** "You are": the members by name (a label with their role would not fit the sidebar), then
 * this member's role in the server in full, and, for a plain member, who may change the bot's
 * settings and run tournaments, with a button to become the owner. */
function renderMemberSelect() {
  const label = (name) => {
    const role = state.roles[name];
    return role ? `${name} — ${t(`role_${role}`)}` : name;
  };
  $("member-select").replaceChildren(...state.memberNames.map((name) => h("option", { value: name, selected: name === memberName }, name)));
  // "elsewhere": a member of another server (dave's), neither admin nor member here
  const admins = state.memberNames.filter((name) => state.roles[name] && !["member", "elsewhere"].includes(state.roles[name]));
  const owner = state.memberNames.find((name) => state.roles[name] === "owner") || admins[0];
  const line = $("role-line");
  const mine = state.roles[memberName];
  const chips = state.me ? discordRoles(state.me).map(roleChip) : [];
  const parts = [h("span", { class: "my-role" }, mine ? t(`role_${mine}`) : memberName, ...chips.flatMap((c) => [" ", c]))];
  if (owner && !admins.includes(memberName)) {
    parts.push(h("span", { class: "role-hint" }, t("role_hint", { admins: admins.map(label).join(", ") })), " ",
      h("button", { type: "button", class: "link-button", id: "switch-to-owner", onclick: () => switchMember(owner) },
        t("try_as", { name: owner })));
  }
  line.replaceChildren(...parts);
  line.hidden = false;
}

function switchMember(name) {
  const next = new URL(location.href);
  next.searchParams.set("member", name);
  next.searchParams.set("locale", state.locale);  // the page keeps its language
  location.href = next.toString();
}

function onResult(frame) {
  const pending = state.pending.get(frame.nonce);
  state.pending.delete(frame.nonce);
  if (!pending) return;
  if (pending.kind === "command") {
    const lines = state.system.get(pending.channelId) || [];
    const index = lines.findIndex((l) => l.nonce === frame.nonce);
    if (index >= 0) lines.splice(index, 1);
    if (frame.status === "failed") lines.push(errorLine(frame.nonce, t("interaction_failed"), pending.channelId));
    else if (frame.status === "error") lines.push(errorLine(frame.nonce, frame.text, pending.channelId));
    state.system.set(pending.channelId, lines);
  } else if (pending.messageId) {
    if (frame.status === "failed") state.failed.set(pending.messageId, t("interaction_failed"));
    else if (frame.status === "error") state.failed.set(pending.messageId, frame.text);
  } else if (frame.status === "failed" || frame.status === "error") {
    const channel = pending.channelId || state.current;
    const lines = state.system.get(channel) || [];
    const text = frame.status === "failed" ? t("interaction_failed")
      : frame.code ? t(`send_block_${frame.code}`) : frame.text;
    lines.push(errorLine(frame.nonce, text, channel));
    state.system.set(channel, lines);
  }
  if (frame.status === "modal") {
    openModal(frame.modal, (values) => {
      send({ op: "modal", interaction_id: frame.interaction_id, values },
        { kind: "modal", channelId: pending.channelId || state.current, messageId: pending.messageId });
    });
  }
  renderChannel();
}

/** An error line of ``channelId`` (above the message box), gone after ERROR_MS. */
function errorLine(nonce, text, channelId) {
  const line = { nonce, text, failed: true };
  setTimeout(() => {
    const lines = state.system.get(channelId) || [];
    const index = lines.indexOf(line);
    if (index < 0) return;
    lines.splice(index, 1);
    if (channelId === state.current) renderChannel();
  }, ERROR_MS);
  return line;
}

/** The member typed or sent something: the errors above the message box are old news. */
function clearErrorLines() {
  const lines = state.system.get(state.current) || [];
  const kept = lines.filter((l) => !l.failed);
  if (kept.length === lines.length) return;
  state.system.set(state.current, kept);
  renderChannel();
}

// ------------------------------------------------------------------ drawing
function setBotStatus() {
  const el = $("bot-status");
  const connected = $("app").dataset.state === "ready";
  const online = connected && state.botOnline;
  el.className = `bot-status ${online ? "online" : "offline"}`;
  el.textContent = !connected ? t("reconnecting") : t(online ? "bot_online" : "bot_starting", { bot: state.bot.name });
}

function renderChannels() {
  const list = $("channel-list");
  const button = (channel) => {
    const unread = state.unread.get(channel.id) || 0;
    return h("button", {
      type: "button",
      class: `channel${channel.id === state.current ? " active" : ""}${unread ? " unread" : ""}`,
      dataset: { channelId: channel.id, kind: channel.kind, name: channel.name },
      "aria-current": channel.id === state.current ? "page" : null,
      onclick: () => showChannel(channel.id),
    },
    channel.kind === "text" ? h("span", { class: "hash" }, "#")
      : channel.kind === "thread" ? h("span", { class: "thread-branch", "aria-hidden": "true" }, "└")
        : avatar(state.bot, true),
    channel.kind === "thread"
      // a thread's whole name (they differ only at the end), its state on a line of its own
      ? h("span", { class: "thread-label", title: channel.name }, h("span", { class: "name" }, channel.name),
        channel.locked || channel.archived ? h("span", { class: "thread-meta" },
          channel.locked ? h("span", { class: "thread-state", title: t("locked") }, `🔒 ${t("locked_flag")}`) : null,
          channel.archived ? h("span", { class: "thread-state", title: t("archived") }, t("archived")) : null) : null)
      : h("span", { class: "name", title: channel.name }, channel.name),
    unread ? h("span", { class: "badge", "aria-label": t("new_count", { count: unread }) }, String(unread)) : null);
  };
  const threadButton = (thread) => {
    const el = button(thread);
    el.classList.add("thread");
    if (thread.archived) el.classList.add("archived");
    return el;
  };
  list.replaceChildren(
    h("div", { class: "channel-group" }, t("text_channels")),
    ...state.channels.filter((c) => c.kind === "text").flatMap((c) => [button(c),
      ...state.channels.filter((t) => t.kind === "thread" && t.parent_id === c.id).map(threadButton)]),
    h("div", { class: "channel-group" }, t("direct_messages")),
    ...state.channels.filter((c) => c.kind === "dm").map(button));
}

function renderMembers() {
  const online = (m) => !m.bot || state.botOnline;
  $("member-list").replaceChildren(
    h("div", { class: "channel-group" }, t("members_count", { count: state.members.length })),
    ...state.members.map((m) => {
      const role = state.roles[m.name];
      return h("div", { class: `member${online(m) ? "" : " offline"}${m.id === state.me.id ? " me" : ""}`, dataset: { role: role || "" } },
        h("div", { class: "status-dot" }, avatar(m, true)),
        h("span", { class: "member-name" }, m.name),
        role === "owner" ? h("span", { class: "crown", title: t("owner_crown"), "aria-label": t("owner_crown") }, "👑") : null,
        role && role !== "member" ? h("span", { class: "member-role" }, t(`role_${role}`)) : null,
        ...discordRoles(m).map(roleChip),
        m.bot ? h("span", { class: "app-tag" }, "APP") : null);
    }));
}

function showChannel(id) {
  state.current = id;
  state.unread.delete(id);
  $("app").classList.remove("menu-open");
  $("scrim").hidden = true;
  rendered.clear();
  $("messages").replaceChildren();
  renderChannels();
  renderChannel(true);
}

function renderChannel(forceBottom = false) {
  if (!state.ready) return;
  const channel = state.channels.find((c) => c.id === state.current);
  const title = $("chat-title");
  if (channel.kind === "thread") {
    const parent = state.channels.find((c) => c.id === channel.parent_id);
    const flags = [channel.archived ? t("archived") : null, channel.locked ? t("locked_flag") : null].filter(Boolean);
    // replaceChildren, unlike h(), would write a null child as the text "null"
    title.replaceChildren(...[
      h("span", { class: "parent-name" }, h("span", { class: "hash" }, "#"), parent ? parent.name : "", " › "),
      channel.name,
      flags.length ? h("span", { class: "thread-state" }, ` (${flags.join(", ")})`) : null,
    ].filter((part) => part !== null));
  } else {
    title.replaceChildren(channel.kind === "text" ? h("span", { class: "hash" }, "#") : "@", channel.name);
  }
  title.title = title.textContent;
  composer.setPlaceholder(t(channel.kind === "dm" ? "message_user" : "message_channel", { name: channel.name }));
  composer.setBlocked(channel.send_block ? t(`send_block_${channel.send_block}`) : null);
  const box = $("messages");
  const nearBottom = forceBottom || stickToBottom
    || box.scrollHeight - box.scrollTop - box.clientHeight < 120;
  const list = [...state.messages.values()]
    .filter((m) => m.channel_id === channel.id && !state.dismissed.has(m.id))
    .sort((a, b) => a.order - b.order);
  const wanted = [];
  if (!list.length) {
    const emptyKey = `empty:${state.locale}:${state.suggested}`;
    const cached = rendered.get("empty");
    wanted.push(cached && cached.key === emptyKey ? cached.el : h("div", { class: "empty-channel" },
      h("h3", {}, channel.kind === "dm" ? channel.name : t("welcome", { name: channel.name })),
      h("p", {}, channel.kind !== "dm"
        ? t("welcome_hint", { command: state.suggested })
        : t("dm_start", { name: channel.name }))));
    rendered.set("empty", { key: emptyKey, el: wanted[0] });
  }
  let previous = null;
  for (const message of list) {
    const grouped = previous !== null && previous.author.id === message.author.id && !message.used
      && !message.ephemeral && !previous.ephemeral && new Date(message.timestamp) - new Date(previous.timestamp) < 5 * 60 * 1000;
    const key = JSON.stringify([message, grouped, state.failed.get(message.id) || null, actions.pendingCustomId(message.id), state.locale]);
    let entry = rendered.get(message.id);
    if (!entry || entry.key !== key) {
      const el = renderMessage(message, { grouped, ctx, actions, state });
      if (entry) entry.el.replaceWith(el);
      entry = { key, el };
      rendered.set(message.id, entry);
    }
    wanted.push(entry.el);
    previous = message;
  }
  for (const line of state.system.get(channel.id) || []) {
    wanted.push(h("div", { class: `system-line${line.failed ? " failed" : ""}`, role: line.failed ? "alert" : "status" }, line.text));
  }
  // Put the wanted elements in order, moving only what is out of place.
  const current = [...box.children];
  for (const el of current) if (!wanted.includes(el)) el.remove();
  wanted.forEach((el, index) => {
    if (box.children[index] !== el) box.insertBefore(el, box.children[index] || null);
  });
  if (nearBottom) box.scrollTop = box.scrollHeight;
  stickToBottom = nearBottom;
}

// ------------------------------------------------------------------ composer
const composer = new Composer({
  channel: () => state.channels.find((c) => c.id === state.current),
  commands: () => state.commands,
  members: () => state.members,
  channels: () => state.channels,
  roles: () => state.guildRoles,
  edited: () => clearErrorLines(),
  runCommand(path, options) {
    const channelId = state.current;
    const nonce = send({ op: "command", channel_id: channelId, name: path, options },
      { kind: "command", channelId });
    const lines = state.system.get(channelId) || [];
    if (state.pending.has(nonce)) lines.push({ nonce, text: t("sending", { command: path }), failed: false });
    state.system.set(channelId, lines);
    renderChannel(true);
  },
  sendText(text) {
    // a refusal (e.g. the thread was locked meanwhile) comes back as an error line
    send({ op: "send", channel_id: state.current, content: text }, { kind: "send", channelId: state.current });
  },
  autocomplete(path, options, focused) {
    return new Promise((resolve) => {
      const nonce = send({ op: "autocomplete", channel_id: state.current, name: path, options, focused }, null);
      state.autocomplete.set(nonce, resolve);
      setTimeout(() => { if (state.autocomplete.delete(nonce)) resolve([]); }, 3500);
    });
  },
});

function fail(nonce, text) {
  onResult({ nonce, status: "error", text });
}

// ------------------------------------------------------------------ switchers and menu
$("member-select").addEventListener("change", (e) => switchMember(e.target.value));
$("locale-select").addEventListener("change", (e) => {
  state.locale = e.target.value;
  localStorage.setItem(`locale:${memberName}`, state.locale);
  setLocale(state.locale);
  if (state.ready) {
    renderMemberSelect();
    setBotStatus();
    renderChannels();
    renderMembers();
    renderChannel();
  }
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ op: "locale", locale: state.locale }));
});
$("menu-toggle").addEventListener("click", () => {
  const open = !$("app").classList.contains("menu-open");
  $("app").classList.toggle("menu-open", open);
  $("scrim").hidden = !open;
});
$("scrim").addEventListener("click", () => {
  $("app").classList.remove("menu-open");
  $("scrim").hidden = true;
});
document.addEventListener("click", (e) => {
  if (e.target.classList && e.target.classList.contains("spoiler")) e.target.classList.add("revealed");
});

// Images (boards, hands) load after their message is drawn and make it taller: keep the
// newest message in view if the member was reading the bottom of the channel.
// Only the member's own scrolling up unsticks it: a picture whose size becomes known
// before it has loaded makes the list taller and may fire a scroll event of its own.
let stickToBottom = true;
let lastScrollTop = 0;
$("messages").addEventListener("scroll", () => {
  const box = $("messages");
  if (box.scrollHeight - box.scrollTop - box.clientHeight < 120) stickToBottom = true;
  else if (box.scrollTop < lastScrollTop) stickToBottom = false;
  lastScrollTop = box.scrollTop;
});
$("messages").addEventListener("load", (e) => {
  if (e.target.tagName === "IMG" && stickToBottom) $("messages").scrollTop = $("messages").scrollHeight;
}, true);

setLocale(state.locale);
connect();
setInterval(() => refreshRelativeTimes($("messages")), 5000);
