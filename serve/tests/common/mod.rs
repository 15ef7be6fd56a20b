pub mod webdriver;
