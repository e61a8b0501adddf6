export default function Bare() {
  return <p>bare</p>;
}
