/** The alerts module's public entry: its routes, and the delivery engine's alert sink for failing FCM credentials. */
export { fcmCredentialsAlerts } from './credential-alerts';
export { alertsModule } from './alerts.module';
