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
  Title,
} from '@neurosquad/card-sdk/components';
import { usePaused, useTranslator } from '@neurosquad/card-sdk/react';
import { useSyncExternalStore } from 'react';
import type { SquadController } from './controller';
import { catalog } from './i18n';
import { statusTone } from './model';

/** Props of `App`. */
export interface AppProps {
  /** The card's logic; main.tsx builds and starts it, tests may give their own. */
  controller: SquadController;
}

/** The card: the agents connected to it with their live status, and a button that sends a summary to a note. */
export function App({ controller }: AppProps) {
  const t = useTranslator(catalog);
  const paused = usePaused();
  const squad = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const waiting = squad.counts['needs-input'] ?? 0;
  const working = squad.counts.working ?? 0;
  const settled = squad.phase === 'ready' || squad.phase === 'empty';

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

        {squad.phase === 'loading' && (
          <Row>
            <Spinner label={t('loading')} />
            <Muted aria-hidden="true">{t('loading')}</Muted>
          </Row>
        )}
        {squad.phase === 'error' && squad.error && (
          <Callout tone="danger" role="alert">
            <Stack>
              <strong>{t(squad.error.code === 'PERMISSION_DENIED' ? 'noAccess' : 'loadFailed')}</strong>
              <Mono>{squad.error.message}</Mono>
              <Row>
                <Button variant="secondary" size="sm" onClick={() => void controller.load()}>
                  {t('retry')}
                </Button>
              </Row>
            </Stack>
          </Callout>
        )}
        {squad.phase === 'empty' && <Empty heading={t('empty.heading')}>{t('empty.hint')}</Empty>}
        {squad.phase === 'ready' && (
          <List aria-label={t('agents')} className="squad__list">
            {squad.agents.map((agent) => (
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

        <Spread className="squad__foot">
          <Muted>
            {!squad.canSend ? t('noNote') : squad.delivered !== null ? t('sent', { count: squad.delivered }) : ''}
          </Muted>
          <Button
            variant="primary"
            size="sm"
            disabled={!squad.canSend || !settled}
            loading={squad.sending}
            onClick={() => void controller.sendSummary()}
          >
            {t('send')}
          </Button>
        </Spread>
        {squad.sendError && (
          <Callout tone="danger" role="alert">
            {t('sendFailed')} <Mono>{squad.sendError.message}</Mono>
          </Callout>
        )}
      </Stack>
    </main>
  );
}
