// The app's own MCP tools, by family: `family:name,name` for `family_name`, families split by spaces.
const TOOL_FAMILIES =
  'agent:read,send,wait,set_model,switch_harness browser:click,history,navigate,press_key,screenshot,snapshot,type canvas:remove_card,spawn_card,connect,disconnect,list kanban:add,move,read,remove,write neurosquad:connections,models note:append,read,write ports:list reference:get,list skill:load,read_file squad:status telegram:read,send terminal:read,run,send_keys todo:add,read,remove,set,write watch:check_now,status codegraph:check_index_coverage,detect_changes,get_architecture,get_code_snippet,get_file_outline,get_graph_schema,index_status,query_graph,reindex,search_code,search_graph,trace_path context7:query_docs,resolve_library_id graphify:affected,community,god_nodes,neighbors,node,path,query,reindex,stats memory:add,delete,get,list,search,update';

const familyNames = (families: string): readonly string[] =>
  Object.freeze(
    families.split(' ').flatMap((family) => {
      const [prefix, names] = family.split(':');
      return names.split(',').map((name) => `${prefix}_${name}`);
    }),
  );

/** Names of the app's own MCP tools; a card tool's full name may not equal one (SDK 1.3 list). */
export const BUILTIN_TOOL_NAMES: readonly string[] = /* @__PURE__ */ familyNames(TOOL_FAMILIES);

/** Package names a card may not take: the app's own card and tool families (SDK 1.3 list, incl. the 1.1 additions). */
export const RESERVED_PACKAGE_NAMES: readonly string[] = /* @__PURE__ */ Object.freeze([
  ...TOOL_FAMILIES.replace(/:\S*/g, '').split(' '),
  ...'neurosquad-card custom host system image web-watch timer sticky standup mcp official rtk caveman mem0'.split(' '),
]);

const MAX_TOOL_NAME = 64;

/**
 * The name agents see for a card tool: the package name with `-` → `_`, `_`, the tool name, cut to 64 chars.
 * @example toolFullName('launch-control', 'set_check') // 'launch_control_set_check'
 */
export function toolFullName(packageName: string, toolName: string): string {
  return `${packageName.replace(/-/g, '_')}_${toolName}`.slice(0, MAX_TOOL_NAME);
}
