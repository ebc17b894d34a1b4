// warcry-sim overlay: reads the battle from /state and follows /events (Server-Sent Events).
// Everything shown is set as text, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let sides = [];

function show(id, on) { $(id).classList.toggle("hidden", !on); }

function setColour(el, colour) {
  el.classList.remove("colour-red", "colour-blue");
  if (colour) el.classList.add("colour-" + colour);
}

function details(s) {
  const parts = [s.played_by];
  if (s.objectives) parts.push(s.objectives + (s.objectives === 1 ? " objective" : " objectives"));
  if (s.treasure) parts.push(s.treasure + " treasure");
  if (s.initiative) parts.push("initiative");
  if (s.dice) parts.push(s.dice);
  return parts.join(" · ");
}

function tag(rule) {
  const span = document.createElement("span");
  span.className = "tag";
  span.textContent = rule.id || rule;
  if (rule.title) span.title = rule.title;
  return span;
}

function renderScore(st) {
  sides = st.sides;
  st.sides.forEach((s, i) => {
    $("score-" + i).textContent = s.points;
    $("name-" + i).textContent = s.name;
    $("details-" + i).textContent = details(s);
    setColour($("score-" + i), s.colour);
    setColour($("name-" + i), s.colour);
  });
  $("round").textContent = st.outcome ? st.outcome
    : st.round === 0 ? "Before the battle" : "Round " + st.round + " of " + st.rounds;
  $("phase").textContent = st.phase;
}

function renderActive(a) {
  show("active", !!a);
  if (!a) return;
  $("active-name").textContent = a.name;
  setColour($("active-name"), sides[a.side] && sides[a.side].colour);
  $("active-wounds").textContent = a.wounds_left + " / " + a.wounds + " wounds";
  $("active-wounds-fill").style.width = (100 * a.wounds_left / Math.max(1, a.wounds)) + "%";
  $("active-stats").textContent = "Move " + a.movement + '"  ·  Toughness ' + a.toughness
    + "  ·  " + a.actions_left + (a.actions_left === 1 ? " action left" : " actions left");
  const list = $("active-weapons");
  list.replaceChildren(...a.weapons.map((w) => {
    const li = document.createElement("li");
    li.textContent = w.name + ": " + w.range + ", " + w.attacks + " attacks, Strength "
      + w.strength + ", damage " + w.damage;
    return li;
  }));
}

function renderAttack(at) {
  show("attack", !!at);
  if (!at) return;
  $("attack-who").textContent = at.attacker + " attacks " + at.target + " with " + at.weapon;
  $("attack-odds").textContent = "Before the roll: " + at.odds;
  $("attack-dice").replaceChildren(...at.rolls.map((r) => {
    const d = document.createElement("span");
    d.className = "die" + (r === 6 ? " crit" : r >= at.needed ? " hit" : "");
    d.textContent = r;
    return d;
  }));
  $("attack-result").textContent = at.hits + (at.hits === 1 ? " hit, " : " hits, ") + at.crits
    + (at.crits === 1 ? " critical: " : " criticals: ") + at.damage + " damage";
}

function renderReason(d) {
  show("reason", !!d);
  if (!d) return;
  $("reason-text").textContent = d.side + ": " + d.text;
  $("reason-rules").replaceChildren(...d.rules.map(tag));
}

function render(st) {
  if (!st || !st.sides) return;
  renderScore(st);
  renderActive(st.active);
  renderAttack(st.last_attack);
  renderReason(st.last_decision);
}

async function refresh() {
  try {
    render(await (await fetch("/state", { cache: "no-store" })).json());
  } catch (e) {
    $("phase").textContent = "The game is not answering";
  }
}

let pending = null;
function refreshSoon() {
  if (pending) return;
  pending = setTimeout(() => { pending = null; refresh(); }, 60);
}

function addEvent(ev) {
  if (ev.event.kind === "decision") return; // shown as the AI's reason
  const li = document.createElement("li");
  li.textContent = ev.text;
  ev.rules.forEach((r) => li.appendChild(tag(r)));
  const list = $("event-list");
  list.appendChild(li);
  while (list.children.length > 5) list.removeChild(list.firstChild);
  show("events", true);
}

const source = new EventSource("/events");
source.addEventListener("battle", (m) => { addEvent(JSON.parse(m.data)); refreshSoon(); });
source.addEventListener("reset", () => { $("event-list").replaceChildren(); refreshSoon(); });
// The page came with the battle as it stood (no blank first frame); then it keeps up.
render(window.initialState);
refresh();
setInterval(refresh, 2000);
