import streamlit as st

st.title("Capicú")
