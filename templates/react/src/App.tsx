import { hasDownstreamPeer, permissionForPeer, requestPermissions, type AgentStatus } from '@neurosquad/card-sdk';
import {
  Badge,
  Button,
  Callout,
  Dot,
  Empty,
  List,
  ListItem,
  Muted,
  Row,
  Spinner,
  Spread,
  Stack,
  Title,
} from '@neurosquad/card-sdk/components';
import {
  useAgents,
  useBadge,
  useCard,
  useEmit,
  usePaused,
  usePeers,
  useStatus,
  useTool,
  useTranslator,
} from '@neurosquad/card-sdk/react';
import { useMemo } from 'react';
import { catalog } from './i18n';
import { countByStatus, sortAgents, statusTone, summarize } from './model';

/** The card: the agents connected to it with their live status, and a button that sends a summary to a note. */
export function App() {
  const card = useCard();
  const t = useTranslator(catalog);
  const { agents, loading, error } = useAgents({ connected: true });
  const peers = usePeers();
  const paused = usePaused();
  const { emit, pending, delivered, error: sendError } = useEmit<string>('summary');

  const sorted = useMemo(() => sortAgents(agents), [agents]);
  const counts = countByStatus(agents);
  const summary = useMemo(
    () =>
      summarize(agents, {
        heading: t('summary.heading'),
        none: t('summary.none'),
        status: (status: AgentStatus) => t(`status.${status}`),
      }),
    [agents, t],
  );

  // Agents can ask for the same summary over MCP (<card name>_squad_summary).
  useTool('squad_summary', () => summary);

  // The app draws the badge and status on the card's frame, also when the card is zoomed out.
  const waiting = counts['needs-input'] ?? 0;
  const working = counts.working ?? 0;
  useBadge(waiting > 0 ? waiting : null);
  useStatus(working > 0 ? t('working', { count: working }) : null, { tone: 'accent', busy: working > 0 });

  const canSend = hasDownstreamPeer(peers, 'ns:markdown');
  const send = async () => {
    // Sending into a note needs cards.connected; ask for it (never throws) before the first send.
    const needed = peers.map((peer) => permissionForPeer(peer, { outputType: 'ns:markdown' }));
    await requestPermissions(card, ...needed.filter((id) => id !== null));
    await emit(summary);
  };

  // styles.css pauses every animation under data-paused while the card is not visible.
  return (
    <Stack className="squad" data-paused={paused ? '' : undefined}>
      <Spread>
        <Title>{t('title')}</Title>
        <Row>
          {working > 0 && <Badge tone="accent">{t('working', { count: working })}</Badge>}
          {waiting > 0 && <Badge tone="warning">{t('waiting', { count: waiting })}</Badge>}
        </Row>
      </Spread>

      {loading && (
        <Row>
          <Spinner /> <Muted>{t('loading')}</Muted>
        </Row>
      )}
      {error && <Callout tone="danger">{t('noAccess')}</Callout>}
      {!loading && !error && sorted.length === 0 && <Empty heading={t('empty.heading')}>{t('empty.hint')}</Empty>}
      {sorted.length > 0 && (
        <List aria-label={t('title')} className="squad__list">
          {sorted.map((agent) => (
            <ListItem key={agent.id}>
              <Spread className="squad__agent">
                <Row>
                  <Dot tone={statusTone(agent.status)} label={t(`status.${agent.status}`)} />
                  <span>{agent.name}</span>
                </Row>
                <Muted>{t(`status.${agent.status}`)}</Muted>
              </Spread>
            </ListItem>
          ))}
        </List>
      )}

      <Spread>
        <Muted>{canSend ? (delivered !== null ? t('sent', { count: delivered }) : '') : t('noNote')}</Muted>
        <Button variant="primary" size="sm" disabled={!canSend} loading={pending} onClick={() => void send()}>
          {t('send')}
        </Button>
      </Spread>
      {sendError && <Callout tone="danger">{sendError.message}</Callout>}
    </Stack>
  );
}
