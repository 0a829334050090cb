export function SiteFooter() {
  return (
    <footer className="site-footer">
      <a href="#top" className="site-footer__top">
        Back to top
      </a>
      <p>Northwind Market · Conditions of use · Privacy notice · © 2026</p>
    </footer>
  );
}
