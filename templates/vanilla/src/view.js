// Renders a squad snapshot with the kit's ns-* classes. Card text goes in as textContent, never as HTML.
import { STATUS_TEXT, statusTone } from './model.js';

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Builds the card's static layout inside `root` and returns a function that draws a snapshot into it. */
export function mountView(root, { onSend }) {
  const header = element('div', 'ns-spread');
  header.append(element('h1', 'ns-title', 'Squad'));
  const badges = element('div', 'ns-row');
  header.append(badges);
  const body = element('div', 'ns-stack squad__list');
  const footer = element('div', 'ns-spread');
  const note = element('span', 'ns-muted');
  const send = element('button', 'ns-btn ns-btn--primary ns-btn--sm', 'Send summary');
  send.type = 'button';
  send.addEventListener('click', () => onSend());
  footer.append(note, send);
  root.replaceChildren(header, body, footer);

  return function render(snapshot) {
    badges.replaceChildren();
    if (snapshot.counts.working)
      badges.append(element('span', 'ns-badge ns-badge--accent', `${snapshot.counts.working} working`));
    if (snapshot.counts['needs-input'])
      badges.append(element('span', 'ns-badge ns-badge--warning', `${snapshot.counts['needs-input']} need you`));

    if (snapshot.phase === 'loading') body.replaceChildren(element('span', 'ns-muted', 'Loading agents…'));
    else if (snapshot.phase === 'error')
      body.replaceChildren(element('div', 'ns-callout ns-callout--danger', snapshot.error));
    else if (snapshot.phase === 'empty') {
      const empty = element('div', 'ns-empty');
      empty.append(
        element('strong', '', 'No agents connected'),
        element('span', 'ns-muted', 'Draw an arrow between an agent and this card.'),
      );
      body.replaceChildren(empty);
    } else {
      const list = element('ul', 'ns-list');
      list.setAttribute('aria-label', 'Agents');
      for (const agent of snapshot.agents) {
        const item = element('li', 'ns-list-item ns-spread');
        const name = element('span', 'ns-row');
        const dot = element('span', `ns-dot ns-dot--${statusTone(agent.status)}`);
        dot.setAttribute('aria-hidden', 'true');
        name.append(dot, element('span', '', agent.name));
        item.append(name, element('span', 'ns-muted', STATUS_TEXT[agent.status] ?? agent.status));
        list.append(item);
      }
      body.replaceChildren(list);
    }

    send.disabled = !snapshot.canSend;
    note.textContent = !snapshot.canSend
      ? 'Draw an arrow from this card to a note to send the summary.'
      : snapshot.delivered !== null
        ? `Sent to ${snapshot.delivered} card${snapshot.delivered === 1 ? '' : 's'}`
        : '';
    if (snapshot.error && snapshot.phase !== 'error') note.textContent = snapshot.error;
  };
}

/** Marks `root` with `data-paused` while the card is hidden or an overview tile (styles.css pauses its animations); returns the unsubscribe. */
export function pauseWhileHidden(card, root) {
  const follow = (state) => root.toggleAttribute('data-paused', state !== 'visible');
  follow(card.context.visibility);
  return card.lifecycle.onVisibility(follow);
}
