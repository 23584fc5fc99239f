import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { List } from './List.js';
import { ListItem } from './ListItem.js';

function Runs({ roving, onPick = () => {} }: { roving?: boolean; onPick?: (name: string) => void }) {
  return (
    <>
      <button type="button">Before</button>
      <List aria-label="Runs" roving={roving} className="mine">
        <ListItem onClick={() => onPick('unit')}>Unit</ListItem>
        <ListItem onClick={() => onPick('browser')} selected>
          Browser
        </ListItem>
        <ListItem href="#docs">Docs</ListItem>
        <ListItem>Plain</ListItem>
      </List>
      <button type="button">After</button>
    </>
  );
}

describe('List and ListItem', () => {
  it('renders a list whose interactive rows are buttons and links inside list items', async () => {
    const onPick = vi.fn();
    render(<Runs onPick={onPick} />);
    const list = screen.getByRole('list', { name: 'Runs' });
    expect(list).toHaveClass('ns-list', 'mine');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    const browser = screen.getByRole('button', { name: 'Browser' });
    expect(browser).toHaveClass('ns-list-item');
    expect(browser).toHaveAttribute('aria-current', 'true');
    expect(browser.parentElement?.tagName).toBe('LI');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '#docs');
    expect(screen.getByText('Plain')).toHaveClass('ns-list-item');
    expect(screen.getByText('Plain').tagName).toBe('LI');
    await userEvent.click(browser);
    expect(onPick).toHaveBeenCalledWith('browser');
  });

  it('is one Tab stop, with arrows, Home and End moving between interactive rows', async () => {
    const onPick = vi.fn();
    render(<Runs onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Unit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Browser' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Unit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{ArrowDown}');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    // Coming back lands on the row that was focused last.
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Browser' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('browser');
  });

  it('without roving every row is its own Tab stop and arrows do nothing', async () => {
    render(<Runs roving={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Unit' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Browser' })).toHaveFocus();
  });

  it('skips disabled rows', async () => {
    render(
      <List aria-label="Steps">
        <ListItem onClick={() => {}}>One</ListItem>
        <ListItem onClick={() => {}} disabled>
          Two
        </ListItem>
        <ListItem onClick={() => {}}>Three</ListItem>
      </List>,
    );
    expect(screen.getByRole('button', { name: 'Two' })).toBeDisabled();
    screen.getByRole('button', { name: 'One' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Three' })).toHaveFocus();
  });
});
