export * from './components/auth-placeholders';
