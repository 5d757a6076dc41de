// What other code uses of this feature (the app's routes); its editor parts live in message-editor/.
export { ComposeScreen } from './components/compose-screen';
