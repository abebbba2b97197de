export { ConversationPage as default } from '../../features/chat/components/ConversationPage';
