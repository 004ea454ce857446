export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./Card.tsx";
