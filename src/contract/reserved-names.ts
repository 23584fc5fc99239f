/** Package names a card may not take: the app's own card and tool families (SDK 1.3 list, incl. the 1.1 additions). */
export const RESERVED_PACKAGE_NAMES: readonly string[] = Object.freeze([
  'neurosquad', 'neurosquad-card', 'custom', 'canvas', 'browser', 'terminal', 'agent', 'note', 'todo', 'kanban',
  'host', 'system', 'telegram', 'image', 'reference', 'ports', 'web-watch', 'watch', 'timer', 'sticky', 'standup',
  'squad', 'mcp', 'skill', 'official',
  'rtk', 'caveman', 'mem0', 'codegraph', 'graphify', 'context7', 'memory',
]);

/** Names of the app's own MCP tools; a card tool's full name may not equal one (SDK 1.3 list). */
export const BUILTIN_TOOL_NAMES: readonly string[] = Object.freeze([
  'agent_read', 'agent_send', 'agent_wait', 'browser_click', 'browser_history', 'browser_navigate',
  'browser_press_key', 'browser_screenshot', 'browser_snapshot', 'browser_type', 'canvas_remove_card',
  'canvas_spawn_card', 'kanban_add', 'kanban_move', 'kanban_read', 'kanban_remove', 'kanban_write',
  'neurosquad_connections', 'note_append', 'note_read', 'note_write', 'ports_list', 'reference_get',
  'reference_list', 'skill_load', 'skill_read_file', 'squad_status', 'telegram_read', 'telegram_send',
  'terminal_read', 'terminal_run', 'terminal_send_keys', 'todo_add', 'todo_read', 'todo_remove', 'todo_set',
  'todo_write', 'watch_check_now', 'watch_status',
  // 1.1
  'agent_set_model', 'canvas_connect', 'canvas_disconnect', 'canvas_list', 'codegraph_check_index_coverage',
  'codegraph_detect_changes', 'codegraph_get_architecture', 'codegraph_get_code_snippet',
  'codegraph_get_file_outline', 'codegraph_get_graph_schema', 'codegraph_index_status', 'codegraph_query_graph',
  'codegraph_reindex', 'codegraph_search_code', 'codegraph_search_graph', 'codegraph_trace_path',
  'context7_query_docs', 'context7_resolve_library_id', 'graphify_affected', 'graphify_community',
  'graphify_god_nodes', 'graphify_neighbors', 'graphify_node', 'graphify_path', 'graphify_query',
  'graphify_reindex', 'graphify_stats', 'memory_add', 'memory_delete', 'memory_get', 'memory_list',
  'memory_search', 'memory_update', 'neurosquad_models',
  // 1.3
  'agent_switch_harness',
]);

const MAX_TOOL_NAME = 64;

/**
 * The name agents see for a card tool: the package name with `-` → `_`, `_`, the tool name, cut to 64 chars.
 * @example toolFullName('launch-control', 'set_check') // 'launch_control_set_check'
 */
export function toolFullName(packageName: string, toolName: string): string {
  return `${packageName.replace(/-/g, '_')}_${toolName}`.slice(0, MAX_TOOL_NAME);
}
