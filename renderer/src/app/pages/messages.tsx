export { FriendsPage as default } from '../../features/friends/components/FriendsPage';
