export default function Landing() {
  return <main><h1>Fieldfare</h1></main>;
}
