import { hasDownstreamPeer, type AgentInfo } from '@neurosquad/card-sdk';
import {
  Badge,
  Button,
  Callout,
  Dot,
  Empty,
  List,
  ListItem,
  Mono,
  Muted,
  Row,
  Spinner,
  Spread,
  Stack,
  Switch,
  Title,
} from '@neurosquad/card-sdk/components';
import {
  useAgents,
  useAgentStatus,
  useBadge,
  useCard,
  useEmit,
  usePaused,
  usePeers,
  useStatus,
  useStorage,
  useTool,
  useTranslator,
} from '@neurosquad/card-sdk/react';
import { useMemo } from 'react';
import { catalog } from './i18n';
import { countByStatus, sortAgents, statusTone, summarize } from './model';
import { sendSummary } from './summary';

/** One agent, re-rendered only when its own status changes. */
function AgentRow({ agent }: { agent: AgentInfo }) {
  const t = useTranslator(catalog);
  const status = useAgentStatus(agent.id) ?? agent.status;
  return (
    <ListItem>
      <Spread className="squad__agent">
        <Row>
          <Dot tone={statusTone(status)} label={t(`status.${status}`)} />
          <span>{agent.name}</span>
        </Row>
        <Muted>{t(`status.${status}`)}</Muted>
      </Spread>
    </ListItem>
  );
}

/** The card: the agents connected to it with their live status, and a button that sends a summary to a note. */
export function App() {
  const t = useTranslator(catalog);
  const paused = usePaused();
  const card = useCard();
  const { agents: connected, isPending, error, refetch } = useAgents({ connected: true });
  // A small preference kept across reloads: idle agents can be hidden.
  const [hideIdle, setHideIdle] = useStorage<boolean>('hideIdle', false);
  const agents = useMemo(
    () => sortAgents(hideIdle ? connected.filter((agent) => agent.status !== 'idle') : connected),
    [connected, hideIdle],
  );
  const counts = useMemo(() => countByStatus(connected), [connected]);
  const canSend = hasDownstreamPeer(usePeers(), 'ns:markdown');
  const summary = useEmit('summary');
  const waiting = counts['needs-input'] ?? 0;
  const working = counts.working ?? 0;
  const settled = !isPending && !error;
  const markdown = () =>
    summarize(connected, {
      heading: t('summary.heading'),
      none: t('summary.none'),
      status: (status) => t(`status.${status}`),
    });

  // Agents ask the card for the summary over MCP; the app draws the badge and status on the card's frame.
  useTool('squad_summary', markdown);
  useBadge(waiting > 0 ? waiting : null);
  useStatus(working > 0 ? t('working', { count: working }) : null, { tone: 'accent', busy: working > 0 });

  // styles.css pauses every animation under data-paused while the card is not visible.
  return (
    <main className="squad" aria-label={t('title')} data-paused={paused ? '' : undefined}>
      <Stack className="squad__body">
        <Spread>
          <Title>{t('title')}</Title>
          <Row>
            {working > 0 && <Badge tone="accent">{t('working', { count: working })}</Badge>}
            {waiting > 0 && <Badge tone="warning">{t('waiting', { count: waiting })}</Badge>}
          </Row>
        </Spread>

        {isPending && (
          <Row>
            <Spinner label={t('loading')} />
            <Muted aria-hidden="true">{t('loading')}</Muted>
          </Row>
        )}
        {error && (
          <Callout tone="danger" role="alert">
            <Stack>
              <strong>{t(error.code === 'PERMISSION_DENIED' ? 'noAccess' : 'loadFailed')}</strong>
              <Mono>{error.hostMessage}</Mono>
              <Row>
                <Button variant="secondary" size="sm" onClick={() => void refetch()}>
                  {t('retry')}
                </Button>
              </Row>
            </Stack>
          </Callout>
        )}
        {settled && connected.length === 0 && <Empty heading={t('empty.heading')}>{t('empty.hint')}</Empty>}
        {settled && connected.length > 0 && (
          <>
            <Switch checked={hideIdle} onCheckedChange={(checked) => void setHideIdle(checked)}>
              {t('hideIdle')}
            </Switch>
            <List aria-label={t('agents')} className="squad__list">
              {agents.map((agent) => (
                <AgentRow key={agent.id} agent={agent} />
              ))}
            </List>
          </>
        )}

        <Spread className="squad__foot">
          <Muted>
            {!canSend ? t('noNote') : summary.delivered !== null ? t('sent', { count: summary.delivered }) : ''}
          </Muted>
          <Button
            variant="primary"
            size="sm"
            disabled={!canSend || !settled}
            loading={summary.isPending}
            onClick={() => void sendSummary(card, summary.emit, markdown())}
          >
            {t('send')}
          </Button>
        </Spread>
        {summary.error && (
          <Callout tone="danger" role="alert">
            {t('sendFailed')} <Mono>{summary.error.hostMessage}</Mono>
          </Callout>
        )}
      </Stack>
    </main>
  );
}
