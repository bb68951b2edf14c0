// tcgsim page: plain DOM calls, every server text set with textContent (never parsed as HTML).
"use strict";
const $ = (id) => document.getElementById(id);
const picked = [];  // ticked deck ids, in the order they were ticked
const streams = {};

function token() { return sessionStorage.getItem("tcgsim_token") || ""; }
function setToken(t) {
  sessionStorage.setItem("tcgsim_token", t);
  document.cookie = "tcgsim_token=" + encodeURIComponent(t) + "; path=/; SameSite=Strict";
}

async function api(method, path, body) {
  const headers = {"X-TCGSim-Token": token()};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const r = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await r.json().catch(() => ({error: "HTTP " + r.status}));
  if (r.status === 401) $("token-box").hidden = false;
  if (!r.ok) throw new Error(data.error || ("HTTP " + r.status));
  return data;
}

function cell(row, text, cls) {
  const td = document.createElement("td");
  td.textContent = text === undefined || text === null ? "" : String(text);
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}
const pct = (x) => (100 * x).toFixed(1) + "%";
const interval = (lo, hi) => pct(lo) + " – " + pct(hi);
const pts = (x) => (x >= 0 ? "+" : "") + (100 * x).toFixed(1) + " pts";

function deckBody() {
  const body = {name: $("deck-name").value, pool: $("deck-pool").value || null};
  body[$("deck-format").value] = $("deck-text").value;
  if ($("deck-format").value === "toml") delete body.name;
  return body;
}

function showCheck(res) {
  const st = $("deck-status");
  const broken = (res.violations || []).map(v => `${v.rule}${v.card ? " " + v.card : ""}: ${v.message}`);
  st.textContent = res.ok ? `OK: ${res.name} (${res.game}, ${res.total} cards, pool ${res.pool})` +
    (broken.length ? `; not tournament-legal: ${broken.join("; ")}` : "") : res.error;
  st.className = res.ok ? "ok" : "err";
  const tbody = $("deck-lines").tBodies[0];
  tbody.replaceChildren();
  for (const l of res.lines || []) {
    if (l.status === "skipped") continue;
    const tr = tbody.insertRow();
    cell(tr, l.line); cell(tr, l.text);
    cell(tr, l.code ? `${l.copies} × ${l.name} (${l.code})` : "");
    cell(tr, l.status === "ok" ? (l.message || "ok") : l.message, l.status === "ok" ? "ok" : "err");
  }
}

async function checkDeck() {
  try { showCheck(await api("POST", "/api/decks/check", deckBody())); }
  catch (e) { showCheck({ok: false, error: e.message, lines: []}); }
}

async function saveDeck() {
  try { const res = await api("POST", "/api/decks", deckBody()); showCheck(res); await loadDecks(); }
  catch (e) { await checkDeck(); }
}

async function loadDecks() {
  const tbody = $("decks").tBodies[0];
  tbody.replaceChildren();
  for (const d of await api("GET", "/api/decks")) {
    const tr = tbody.insertRow();
    const box = document.createElement("input");
    box.type = "checkbox"; box.checked = picked.includes(d.id); box.dataset.id = d.id;
    box.addEventListener("change", () => {
      const i = picked.indexOf(d.id);
      if (box.checked && i < 0) picked.push(d.id);
      if (!box.checked && i >= 0) picked.splice(i, 1);
    });
    tr.insertCell().appendChild(box);
    cell(tr, d.name); cell(tr, d.game); cell(tr, d.pool); cell(tr, d.id);
  }
}

function policies(text) {
  const list = text.split(",").map((s) => s.trim()).filter(Boolean);
  return list.length > 1 ? {policies: list} : {policy: list[0] || "curve"};
}

async function submit(body) {
  try { await api("POST", "/api/jobs", body); await loadJobs(); }
  catch (e) { alert(e.message); }
}

function jobRow(tbody, j) {
  let tr = document.getElementById("job-" + j.id);
  if (!tr) {
    tr = tbody.insertRow(); tr.id = "job-" + j.id;
    for (let i = 0; i < 6; i++) tr.insertCell();
    tr.cells[3].appendChild(document.createElement("progress"));
    tr.cells[3].appendChild(document.createElement("span"));
    const est = document.createElement("ul");
    est.className = "interim";
    tr.cells[3].appendChild(est);
  }
  tr.cells[0].textContent = j.id; tr.cells[1].textContent = j.kind;
  tr.cells[2].textContent = j.status + (j.error ? ": " + j.error : "");
  const bar = tr.cells[3].firstChild;
  bar.max = 1; bar.value = j.fraction;
  tr.cells[3].children[1].textContent = ` ${j.games_done.toLocaleString()} / ${j.games_total.toLocaleString()} (${Math.round(100 * j.fraction)}%)`;
  interim(tr.cells[3].children[2], j);
  tr.cells[4].textContent = j.eta_seconds === null ? "" : Math.round(j.eta_seconds) + " s";
  const act = tr.cells[5];
  act.replaceChildren();
  const btn = document.createElement("button");
  if (j.status === "done") { btn.textContent = "view"; btn.onclick = () => showResult(j.id); }
  else if (j.status === "queued" || j.status === "running") { btn.textContent = "cancel"; btn.onclick = () => api("POST", `/api/jobs/${j.id}/cancel`); }
  else return tr;
  act.appendChild(btn);
  return tr;
}

// The interim win rates as games arrive, each with its Wilson 95% interval (status_view's `interim`).
function interim(list, j) {
  list.replaceChildren();
  list.title = j.interim_meaning || "";
  for (const e of j.interim || []) {
    if (!e.games) continue;
    const li = document.createElement("li");
    li.textContent = `${e.label}: ${pct(e.rate)} (${interval(e.low, e.high)}) of ${e.games.toLocaleString()}`;
    list.appendChild(li);
  }
}

function follow(id) {
  if (streams[id]) return;
  const es = new EventSource(`/api/jobs/${id}/events`);
  streams[id] = es;
  es.addEventListener("status", (ev) => {
    const j = JSON.parse(ev.data);
    jobRow($("jobs").tBodies[0], j);
    if (["done", "failed", "cancelled"].includes(j.status)) { es.close(); delete streams[id]; }
  });
  es.onerror = () => { es.close(); delete streams[id]; };
}

async function loadJobs() {
  const tbody = $("jobs").tBodies[0];
  for (const j of await api("GET", "/api/jobs")) {
    jobRow(tbody, j);
    if (j.status === "queued" || j.status === "running") follow(j.id);
  }
}

function table(parent, head, rows) {
  const t = document.createElement("table");
  const h = t.createTHead().insertRow();
  for (const c of head) { const th = document.createElement("th"); th.textContent = c; h.appendChild(th); }
  const b = t.createTBody();
  for (const r of rows) { const tr = b.insertRow(); for (const c of r) cell(tr, c); }
  parent.appendChild(t);
}

function comparison(parent, c) {
  table(parent, ["opponent", "A wins", "B wins", "B − A (95% paired interval)"],
    c.rows.map((r) => [r.opponent, pct(r.win_rate_a), pct(r.win_rate_b), `${pts(r.diff)} (${pts(r.low)} to ${pts(r.high)})`])
      .concat([["overall", "", "", `${pts(c.overall.diff)} (${pts(c.overall.low)} to ${pts(c.overall.high)})`]]));
}

async function showResult(id) {
  const box = $("result");
  box.replaceChildren();
  const job = await api("GET", `/api/jobs/${id}`);
  const r = await api("GET", `/api/jobs/${id}/result`);
  const title = document.createElement("h3");
  title.textContent = `${job.kind} job ${id}`;
  box.appendChild(title);
  if (job.kind === "odds") {
    table(box, ["turn", "exact", "simulated", "95% interval"],
      r.rows.map((x) => [x.turn, pct(x.exact), pct(x.simulated), interval(x.low, x.high)]));
  } else if (job.kind === "simulate") {
    table(box, ["games", "win rate A", "95% interval", "first player wins", "95% interval", "mean turns"],
      [[r.games, pct(r.win_rate_a), interval(r.low, r.high), pct(r.first_player_win_rate), interval(r.first_low, r.first_high), r.mean_turns.toFixed(2)]]);
  } else if (job.kind === "compare") {
    for (const p of r.pairings || [{policy: job.params.policy || "curve", ...r}]) {
      const h = document.createElement("p"); h.textContent = `policy ${p.policy}: ${p.games} games per matchup`; box.appendChild(h);
      comparison(box, p);
    }
    if (r.sprt) { const s = document.createElement("p"); s.textContent = "sequential test: " + r.sprt.reason; box.appendChild(s); }
  } else if (job.kind === "balance") {
    table(box, ["deck", "games", "win rate", "95% interval"],
      r.decks.map((d) => [d.deck, d.games, pct(d.win_rate), interval(d.win_rate_low, d.win_rate_high)]));
  } else {
    const pre = document.createElement("pre"); pre.textContent = JSON.stringify(r, null, 2); box.appendChild(pre);
  }
  const files = await api("GET", `/api/jobs/${id}/files`);
  const list = document.createElement("ul");
  for (const f of files.filter((f) => !f.endsWith(".parquet") || files.length < 40)) {
    const a = document.createElement("a");
    a.href = `/api/jobs/${id}/files/${f.split("/").map(encodeURIComponent).join("/")}`;
    a.textContent = f === "report.html" ? "Open the report (report.html)" : f;
    if (f === "report.html") { a.id = "report-link"; a.target = "_blank"; }
    list.appendChild(document.createElement("li")).appendChild(a);
  }
  box.appendChild(list);
}

$("token-save").onclick = () => { setToken($("token").value); $("token-box").hidden = true; start(); };
$("deck-check").onclick = checkDeck;
$("deck-save").onclick = saveDeck;
$("deck-file").onchange = async () => {
  const f = $("deck-file").files[0];
  if (!f) return;
  $("deck-text").value = await f.text();
  $("deck-format").value = f.name.endsWith(".toml") ? "toml" : "decklist";
  checkDeck();
};
$("odds-run").onclick = () => submit({kind: "odds", deck: picked[0], wants: $("odds-wants").value.split(";").map((s) => s.trim()).filter(Boolean),
  turns: +$("odds-turns").value, seat: $("odds-seat").value, mulligan: $("odds-mulligan").value, samples: +$("odds-samples").value});
$("cmp-run").onclick = () => submit({kind: "compare", deck_a: picked[0], deck_b: picked[1], against: picked.slice(2),
  games: +$("cmp-games").value, engine: $("cmp-engine").value, until_decided: $("cmp-until").checked, ...policies($("cmp-policies").value)});
$("bal-run").onclick = () => submit({kind: "balance", decks: picked.slice(), games: +$("bal-games").value,
  engine: $("bal-engine").value, ...policies($("bal-policies").value)});

async function start() {
  try { await loadDecks(); await loadJobs(); } catch (e) { $("deck-status").textContent = e.message; }
}
if (TOKEN_NEEDED && !token()) $("token-box").hidden = false; else start();
setInterval(() => { if (!TOKEN_NEEDED || token()) loadJobs().catch(() => {}); }, 3000);
