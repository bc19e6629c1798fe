/**
 * The messages domain's public face: starting a conversation and sending (the demo and the
 * money domain's order events use them), recording order status changes as events, the
 * reports a suspension closes, and the unread e-mails. Its routes, the event stream's route
 * and its plugin (plugin.ts) are registered by the route map (wiring.ts).
 */
export { sendMessage, startConversation } from './service';
export { handleConversationReportsAbout } from './repository';
export { recordOrderStatusChanges, recordOrderStatusEvents, type OrderStatusChange } from './event-repository';
export { emailUnreadMessages, type QueueEmail } from './unread-emails';
