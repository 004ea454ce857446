export { Alert, AlertDescription, AlertTitle } from "./Alert.tsx";
