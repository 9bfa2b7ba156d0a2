/** Style sheets imported for their effect (antd.css): the bundler puts them on the page; they export nothing. */
declare module '*.css';
