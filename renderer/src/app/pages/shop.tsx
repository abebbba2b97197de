export { ShopPage as default } from '../../features/shop/components/ShopPage';
