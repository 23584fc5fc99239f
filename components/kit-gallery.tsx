import type { ReactNode } from 'react';
import { CARD_ICONS, CARD_TONES } from '../src/index.js';
import type { CardTheme } from '../src/index.js';
import { Badge } from './badge/Badge.js';
import { Button } from './button/Button.js';
import { Callout } from './callout/Callout.js';
import { Checkbox } from './checkbox/Checkbox.js';
import { Dot } from './dot/Dot.js';
import { Empty } from './empty/Empty.js';
import { Field } from './field/Field.js';
import { Icon } from './icon/Icon.js';
import { Input } from './input/Input.js';
import { Kit } from './kit/Kit.js';
import { List } from './list/List.js';
import { ListItem } from './list/ListItem.js';
import { Mono } from './mono/Mono.js';
import { Muted } from './muted/Muted.js';
import { Progress } from './progress/Progress.js';
import { Row } from './row/Row.js';
import { Scroll } from './scroll/Scroll.js';
import { Select } from './select/Select.js';
import { Spinner } from './spinner/Spinner.js';
import { Spread } from './spread/Spread.js';
import { Stack } from './stack/Stack.js';
import { Subtitle } from './subtitle/Subtitle.js';
import { Surface } from './surface/Surface.js';
import { Switch } from './switch/Switch.js';
import { Textarea } from './textarea/Textarea.js';
import { Title } from './title/Title.js';

const VARIANTS = ['default', 'primary', 'secondary', 'outline', 'ghost', 'danger'] as const;

function Section({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Stack>
      <Subtitle as="h3">{name}</Subtitle>
      {children}
    </Stack>
  );
}

/** Every kit component in one themed page; the accessibility and screenshot tests render it. */
export function KitGallery({ theme, label }: { theme: CardTheme; label: string }) {
  return (
    <Kit theme={theme} aria-label={label} role="region" style={{ minHeight: 0, padding: 12 }} data-testid={label}>
      <Stack>
        <Spread>
          <Title>{label}</Title>
          <Muted className="ns-small">
            Build <Mono>#4127</Mono>
          </Muted>
        </Spread>
        <Section name="Buttons">
          {(['sm', 'md', 'lg'] as const).map((size) => (
            <Row key={size} style={{ flexWrap: 'wrap' }}>
              {VARIANTS.map((variant) => (
                <Button key={variant} variant={variant} size={size}>
                  {variant}
                </Button>
              ))}
              <Button size={size} iconOnly aria-label={`Refresh ${size}`} icon={<Icon name="arrow-path" />} />
            </Row>
          ))}
          <Row>
            <Button variant="primary" loading>
              Saving
            </Button>
            <Button disabled>Disabled</Button>
            <Button variant="outline" icon={<Icon name="play" />} data-testid="focus-target">
              Run
            </Button>
          </Row>
        </Section>
        <Section name="Fields">
          <Field label="Command" hint="Runs in the workspace root.">
            <Input placeholder="npm test" defaultValue="npm test" />
          </Field>
          <Field label="Notes" error="Notes are required.">
            <Textarea defaultValue="" />
          </Field>
          <Field label="Window">
            <Select defaultValue="1h">
              <option value="1h">Last hour</option>
              <option value="1d">Last day</option>
            </Select>
          </Field>
          <Row>
            <Switch defaultChecked>Auto-run</Switch>
            <Switch>Notify</Switch>
            <Checkbox defaultChecked>Watch</Checkbox>
            <Checkbox>Verbose</Checkbox>
          </Row>
        </Section>
        <Section name="Display">
          <Surface>
            <List aria-label="Runs">
              <ListItem onClick={() => {}} selected>
                <Dot tone="success" /> Unit tests <Badge tone="success">passing</Badge>
              </ListItem>
              <ListItem onClick={() => {}}>
                <Dot tone="danger" /> Browser tests <Badge tone="danger">2 failing</Badge>
              </ListItem>
              <ListItem href="#docs">Documentation</ListItem>
              <ListItem>
                <Muted>Plain row</Muted>
              </ListItem>
            </List>
          </Surface>
          <Row style={{ flexWrap: 'wrap' }}>
            {CARD_TONES.map((tone) => (
              <Badge key={tone} tone={tone}>
                <Dot tone={tone} label={`${tone} dot`} /> {tone}
              </Badge>
            ))}
          </Row>
          {CARD_TONES.map((tone) => (
            <Callout key={tone} tone={tone}>
              {tone} callout: the run finished.
            </Callout>
          ))}
          <Row>
            <Spinner />
            <Spinner paused label="Waiting" />
            <Progress value={40} label="Build progress" style={{ flex: 1 }} />
            <Progress label="Indexing" style={{ flex: 1 }} />
          </Row>
          <Surface inset>
            <Empty
              icon={<Icon name="inbox" size={24} />}
              heading="No runs yet"
              action={<Button size="sm">Start</Button>}
            >
              Runs appear here.
            </Empty>
          </Surface>
          <Scroll style={{ maxHeight: 60 }} tabIndex={0} aria-label="Icons">
            <Row style={{ flexWrap: 'wrap' }}>
              {CARD_ICONS.map((name) => (
                <Icon key={name} name={name} label={name} />
              ))}
            </Row>
          </Scroll>
        </Section>
      </Stack>
    </Kit>
  );
}
