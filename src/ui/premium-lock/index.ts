export { PremiumLock } from "./PremiumLock.tsx";
