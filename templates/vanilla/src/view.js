// Renders a squad snapshot with the kit's ns-* classes. Card text goes in as textContent, never as HTML.
import { statusTone } from './model.js';
/** @import { Card, Translator } from '../vendor/card-sdk/index.js' */
/** @import { Snapshot } from './squad.js' */

/**
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {string} [className]
 * @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[Tag]}
 */
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Builds the card's layout inside `root` and returns a function that draws a snapshot into it with the texts of `t`.
 * @param {HTMLElement} root
 * @param {{ onSend: () => void, t: Translator }} options
 * @returns {(snapshot: Snapshot) => void}
 */
export function mountView(root, { onSend, t }) {
  const header = element('div', 'ns-spread');
  const title = element('h1', 'ns-title');
  const badges = element('div', 'ns-row');
  header.append(title, badges);
  const body = element('div', 'ns-stack squad__list');
  const footer = element('div', 'ns-spread squad__foot');
  const note = element('span', 'ns-muted');
  const send = element('button', 'ns-btn ns-btn--primary ns-btn--sm');
  send.type = 'button';
  send.addEventListener('click', () => onSend());
  footer.append(note, send);
  root.replaceChildren(header, body, footer);

  return function render(snapshot) {
    document.documentElement.lang = t.language;
    title.textContent = t('title');
    send.textContent = t('send');
    badges.replaceChildren();
    const working = snapshot.counts.working ?? 0;
    const waiting = snapshot.counts['needs-input'] ?? 0;
    if (working > 0) badges.append(element('span', 'ns-badge ns-badge--accent', t('working', { count: working })));
    if (waiting > 0) badges.append(element('span', 'ns-badge ns-badge--warning', t('waiting', { count: waiting })));

    if (snapshot.phase === 'loading') body.replaceChildren(element('span', 'ns-muted', t('loading')));
    else if (snapshot.phase === 'error') {
      const callout = element('div', 'ns-callout ns-callout--danger');
      callout.setAttribute('role', 'alert');
      callout.append(element('strong', '', t('loadFailed')), ' ', element('span', 'ns-mono', snapshot.error));
      body.replaceChildren(callout);
    } else if (snapshot.phase === 'empty') {
      const empty = element('div', 'ns-empty');
      empty.append(element('strong', '', t('empty.heading')), element('span', 'ns-muted', t('empty.hint')));
      body.replaceChildren(empty);
    } else {
      const list = element('ul', 'ns-list');
      list.setAttribute('aria-label', t('agents'));
      for (const agent of snapshot.agents) {
        const item = element('li', 'ns-list-item ns-spread');
        const name = element('span', 'ns-row');
        const dot = element('span', `ns-dot ns-dot--${statusTone(agent.status)}`);
        dot.setAttribute('aria-hidden', 'true');
        name.append(dot, element('span', '', agent.name));
        item.append(name, element('span', 'ns-muted', t(`status.${agent.status}`)));
        list.append(item);
      }
      body.replaceChildren(list);
    }

    // Nothing to send while the list is loading or failed, or without a note to send to.
    send.disabled = !snapshot.canSend || snapshot.phase === 'loading' || snapshot.phase === 'error';
    note.textContent = !snapshot.canSend
      ? t('noNote')
      : snapshot.delivered !== null
        ? t('sent', { count: snapshot.delivered })
        : '';
    if (snapshot.error && snapshot.phase !== 'error') note.textContent = snapshot.error;
  };
}

/**
 * Marks `root` with `data-paused` while the card is hidden or an overview tile (styles.css pauses its animations);
 * returns the unsubscribe.
 * @param {Card} card
 * @param {Pick<Element, 'toggleAttribute'>} root
 */
export function pauseWhileHidden(card, root) {
  /** @param {string} state */
  const follow = (state) => root.toggleAttribute('data-paused', state !== 'visible');
  follow(card.context.visibility);
  return card.lifecycle.onVisibility(follow);
}
