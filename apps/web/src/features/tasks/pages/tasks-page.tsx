/** Tasks (issue 13): lists mine / I assigned / all, filters, and the board. */
export function TasksPage() {
  return <p>Tasks</p>;
}
export default TasksPage;
